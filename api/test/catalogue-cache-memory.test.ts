/**
 * The catalogue cache in memory (lib/catalogue-cache.ts): its byte budget, what the process that
 * changed products drops, and the compressed variants of a reply with their ETags.
 */
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { acceptedEncoding, CatalogueCache, cachedReply, notModified } from '../src/lib/catalogue-cache';
import type { ListenFn } from '../src/db/listen';

/** A listener that only says it listens: no notification ever arrives. */
const listening: ListenFn = async () => async () => undefined;
const json = (n: number) => JSON.stringify({ data: 'x'.repeat(n) });

describe('the cache’s memory budget', () => {
  it('gives way least recently read first and never holds more than its budget', async () => {
    // Room for three of these replies (each counted with its objects and key), not four.
    const each = cachedReply(json(300)).bytes + 1;
    const budget = 3 * each + 10;
    const cache = new CatalogueCache(budget);
    await cache.start(listening);
    let builds = 0;
    const get = (key: string) => cache.get(key, async () => (builds++, json(300)));
    for (const host of ['a', 'b', 'c']) await get(host);
    expect(cache.bytes).toBe(3 * each);
    expect(builds).toBe(3);
    await get('c'); // still held
    expect(builds).toBe(3);
    await get('d'); // makes room by dropping 'a', the oldest
    await get('a');
    expect(builds).toBe(5);
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    await cache.close();
  });

  it('keeps the replies read lately: the one read least recently gives way, not the first kept', async () => {
    const each = cachedReply(json(300)).bytes + 1;
    const cache = new CatalogueCache(3 * each + 10);
    await cache.start(listening);
    const builtFor: string[] = [];
    const get = (key: string) => cache.get(key, async () => (builtFor.push(key), json(300)));
    for (const host of ['a', 'b', 'c']) await get(host);
    expect(cache.peek('a')).toBeDefined(); // the fast path's read counts as a read too
    await get('d'); // makes room by dropping 'b'
    await get('a');
    expect(cache.peek('b')).toBeUndefined();
    expect(builtFor).toEqual(['a', 'b', 'c', 'd']);
    await cache.close();
  });

  it('does not keep a reply larger than the whole budget, and still answers it', async () => {
    const cache = new CatalogueCache(100);
    await cache.start(listening);
    const reply = await cache.get('big', async () => json(500));
    expect(reply.body).toHaveLength(json(500).length);
    expect(cache.bytes).toBe(0);
    await cache.close();
  });
});

describe('the process that changed products', () => {
  it('drops its replies at once, without waiting for its own notification', async () => {
    const cache = new CatalogueCache(1024 * 1024);
    await cache.start(listening); // delivers nothing: only forgetAll can drop
    let version = 1;
    const get = () => cache.get('list', async () => json(version));
    await get();
    version = 2;
    cache.forgetAll();
    expect(cache.bytes).toBe(0);
    expect((await get()).size).toBe(json(2).length);

    // A reply built from a read that began before the change is answered but not kept.
    let finishRead!: () => void;
    const inFlight = cache.get('page', () => new Promise<string>((resolve) => (finishRead = () => resolve(json(1)))));
    cache.forgetAll();
    finishRead();
    await inFlight;
    expect(cache.peek('page')).toBeUndefined();
    await cache.close();
  });
});

describe('compressed variants', () => {
  it('a reply of 1 KB or more is kept in brotli and gzip too, each with its own ETag, and counted whole', () => {
    const text = JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Product ${i}` })) });
    const reply = cachedReply(text);
    expect(reply.body.toString()).toBe(text);
    expect(zlib.brotliDecompressSync(reply.br!.body).toString()).toBe(text);
    expect(zlib.gunzipSync(reply.gzip!.body).toString()).toBe(text);
    expect(reply.br!.body.length).toBeLessThan(reply.size / 2);
    expect(reply.br!.etag).toBe(reply.etag.replace(/"$/, '-br"'));
    expect(reply.gzip!.etag).toBe(reply.etag.replace(/"$/, '-gzip"'));
    expect(reply.bytes).toBeGreaterThan(reply.size + reply.br!.body.length + reply.gzip!.body.length);
    // Below the threshold: as it is only (compressing it would save less than its headers).
    const small = cachedReply(JSON.stringify({ data: 'x' }));
    expect(small.br).toBeUndefined();
    expect(small.gzip).toBeUndefined();
  });

  it('Accept-Encoding is read with its q-values: brotli first, gzip next, else the body as it is', () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ['', undefined],
      ['identity', undefined],
      ['br', 'br'],
      ['gzip, br', 'br'],
      ['gzip,deflate', 'gzip'],
      ['x-gzip', 'gzip'],
      ['Br;Q=1', 'br'],
      ['br;q=0', undefined],
      ['br;q=0, gzip;q=0.1', 'gzip'],
      ['gzip;q=1, br;q=0.9', 'gzip'],
      ['br ; q=0.2 , gzip ; q=0.1', 'br'],
      ['compress, deflate, zstd', undefined],
      ['*;q=0', undefined],
    ];
    for (const [header, coding] of cases) expect([header, acceptedEncoding(header)]).toEqual([header, coding]);
  });

  it('If-None-Match names the ETag: exactly, in a list, weakly, or as *', () => {
    expect(notModified(undefined, '"a"')).toBe(false);
    expect(notModified('"a"', '"a"')).toBe(true);
    expect(notModified('"b", "a"', '"a"')).toBe(true);
    expect(notModified('W/"a"', '"a"')).toBe(true);
    expect(notModified('*', '"a"')).toBe(true);
    expect(notModified('"a-br"', '"a"')).toBe(false);
    expect(notModified('"b"', '"a"')).toBe(false);
  });

  it('the budget counts every variant: many keys never hold more than it, and a reply whose variants do not fit is not kept', async () => {
    const page = (n: number) =>
      JSON.stringify({
        data: Array.from({ length: 40 }, (_, i) => ({ id: n * 100 + i, name: `Product ${n}-${i}`, price: i * 7 })),
      });
    const one = cachedReply(page(0));
    expect(one.br).toBeDefined();
    const budget = 5 * one.bytes;
    const cache = new CatalogueCache(budget);
    await cache.start(listening);
    for (let n = 0; n < 200; n++) {
      await cache.get(`host${n % 7}|list|40|${n}`, async () => page(n));
      expect(cache.bytes).toBeLessThanOrEqual(budget);
    }
    expect(cache.bytes).toBeGreaterThan(budget / 2);
    await cache.close();

    // Its text alone fits; with its compressed variants (random text hardly compresses) it does not.
    const text = JSON.stringify({ data: randomText(3000) });
    const tight = new CatalogueCache(cachedReply(text).bytes - 500);
    expect(Buffer.byteLength(text)).toBeLessThan(cachedReply(text).bytes - 500);
    await tight.start(listening);
    const reply = await tight.get('random', async () => text);
    expect(reply.body.toString()).toBe(text);
    expect(tight.peek('random')).toBeUndefined();
    expect(tight.bytes).toBe(0);
    await tight.close();
  });
});

function randomText(n: number): string {
  return randomBytes(n).toString('base64').slice(0, n);
}
