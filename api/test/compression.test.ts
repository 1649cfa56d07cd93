/**
 * Replies compressed by Accept-Encoding (@fastify/compress, registered in app.ts): JSON of 1 KB or
 * more in brotli or gzip with Vary, never an event stream (it must flush each event) or a PNG; the
 * app's error rewriting runs first, so what is compressed is the final JSON. The catalogue's own
 * precompressed replies are in catalogue-cache.test.ts.
 */
import zlib from 'node:zlib';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import { COMPRESSION } from '../src/plugins/hardening';
import { registerHardening } from '../src/lib/hardening';
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, openEventStream } from './helpers/auctions';
import { decoded, raw } from './helpers/raw-http';

describeEachDatabase('compressed replies', (server) => {
  const search = JSON.stringify({ productname: 'a', limit: 48 });
  const post = (headers: Record<string, string> = {}, body: Buffer | string = search) =>
    raw(server().url, '/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('a JSON reply of 1 KB or more goes out in brotli or gzip as Accept-Encoding asks, with Vary and its length; as it is otherwise', async () => {
    const plain = await post();
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(10_000);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString());
    expect(json.data).toHaveLength(48);
    const cases: Array<[string, string | undefined]> = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ];
    for (const [acceptEncoding, coding] of cases) {
      const r = await post({ 'accept-encoding': acceptEncoding });
      expect([acceptEncoding, r.status, r.headers['content-encoding']]).toEqual([acceptEncoding, 200, coding]);
      expect(JSON.parse(decoded(r).toString())).toEqual(json);
      if (coding) {
        expect(r.headers.vary).toMatch(/accept-encoding/i);
        expect(r.body.length).toBeLessThan(plain.body.length / 2);
        // A known length (compressed in one go), or chunked: never a wrong one.
        if (r.headers['content-length'] !== undefined) expect(r.headers['content-length']).toBe(String(r.body.length));
      }
    }
    // Small replies stay as they are: compressing them would save less than the headers cost.
    const health = await raw(server().url, '/health', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(String(health.headers.vary ?? '')).not.toMatch(/accept-encoding/i);
  });

  it('PNG images are sent as they are (already compressed)', async () => {
    const product = JSON.parse((await raw(server().url, '/product/1')).body.toString()).data;
    const path = new URL(product.photo).pathname;
    const r = await raw(server().url, path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  });

  it('an auction event stream asked for with Accept-Encoding is not compressed and still delivers each event as it happens', async () => {
    const seller = await signedInUser(server());
    const bidder = await signedInUser(server());
    const item = await createAuction(server(), seller.token);
    const stream = await openEventStream(server().url, item.auctionid, { 'accept-encoding': 'br, gzip' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      const placed = await bid(server(), bidder.token, item.auctionid, item.bid + 100);
      expect(placed.status).toBe(200);
      const event = await stream.next((e) => e.event === 'bid' && e.data.bid === placed.body.data.bid);
      expect(event.data.auctionid).toBe(item.auctionid);
      // A rival's higher maximum: the price moves again (a leader raising their own would not).
      const rival = await signedInUser(server());
      const again = await bid(server(), rival.token, item.auctionid, item.bid + 300);
      expect(again.status).toBe(200);
      expect(again.body.data.bid).toBeGreaterThan(placed.body.data.bid);
      await stream.next((e) => e.event === 'bid' && e.data.bid === again.body.data.bid);
    } finally {
      stream.close();
    }
  });

  it('a compressed request body is not inflated: the body limit is on what arrives', async () => {
    const r = await post({ 'content-encoding': 'gzip' }, zlib.gzipSync(search));
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body.toString())).toEqual({
      status: 400,
      msg: 'Malformed JSON in the request body',
      data: null,
    });
  });
});

describe('compression after the app’s own reply hooks', () => {
  it('a plain-text error rewritten into the API’s JSON shape is compressed as that JSON', async () => {
    const app = Fastify();
    registerHardening(app);
    await app.register(compress, COMPRESSION);
    const message = 'Refused: '.padEnd(3000, 'x');
    app.get('/plain', (_req, reply) => void reply.code(400).type('text/plain; charset=utf-8').send(message));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      for (const coding of ['br', 'gzip']) {
        const r = await raw(url, '/plain', { headers: { 'accept-encoding': coding } });
        expect(r.status).toBe(400);
        expect(r.headers['content-encoding']).toBe(coding);
        expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(JSON.parse(decoded(r).toString())).toEqual({ status: 400, msg: message, data: null });
      }
    } finally {
      await app.close();
    }
  });
});
