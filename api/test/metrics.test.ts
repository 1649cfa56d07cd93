/**
 * GET /metrics (issue 29): what operators scrape, in the Prometheus text format, over real HTTP.
 */
import { signedInUser } from './helpers/accounts';
import { createAuction, setEnds } from './helpers/auctions';
import { describeEachDatabase } from './helpers/server';
import { loadConfig } from '../src/config';

/** The value of the sample `name{labels}` (labels as written, in any order they are printed). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describeEachDatabase('GET /metrics', (server) => {
  it('counts requests by route pattern and status, with latency buckets, caches and the process', async () => {
    const s = server();
    for (const id of [1, 2, 3]) expect((await s.get(`/product/${id}`)).status).toBe(200);
    expect((await s.get('/product/987654')).status).toBe(404);
    const r = await fetch(`${s.url}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const text = await r.text();
    const count = (status: string) =>
      sample(text, 'http_request_duration_seconds_count', {
        route: '/product/:id',
        method: 'GET',
        status_code: status,
      });
    expect(count('200')).toBe(3);
    expect(count('404')).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { route: '/product/:id', status_code: '200', le: '+Inf' }),
    ).toBe(3);
    // The route's pattern, never a product's id: a label per product would grow without end.
    expect(text).not.toMatch(/route="\/product\/\d/);
    // Three products read once each were built (misses); the first one read again is a hit.
    expect((await s.get('/product/1')).status).toBe(200);
    const again = await (await fetch(`${s.url}/metrics`)).text();
    expect(sample(again, 'marketplace_catalogue_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(sample(again, 'marketplace_catalogue_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(3);
    expect(sample(again, 'marketplace_event_streams_open')).toBe(0);
    expect(sample(again, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(again, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });
});

describeEachDatabase(
  'GET /metrics with METRICS_TOKEN',
  (server) => {
    it('answers only the operators’ bearer token', async () => {
      const s = server();
      for (const headers of [
        {},
        { authorization: 'Bearer wrong-token' },
        { authorization: 'op-s3cret-token' },
      ] as Record<string, string>[]) {
        const r = await fetch(`${s.url}/metrics`, { headers });
        expect(r.status).toBe(401);
        expect(await r.json()).toMatchObject({ status: 401, msg: expect.stringContaining('METRICS_TOKEN') });
      }
      const ok = await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer op-s3cret-token' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('http_request_duration_seconds');
    });
  },
  { metrics: { token: 'op-s3cret-token' } },
);

describeEachDatabase(
  'GET /metrics: background duties behind',
  (server) => {
    it('counts the mails due and not sent, and the items past their end not closed', async () => {
      const s = server();
      const { db } = s.app.ctx;
      const read = async () => (await fetch(`${s.url}/metrics`)).text();
      const before = await read();
      expect(sample(before, 'marketplace_notice_mails_due')).toBe(0);
      expect(sample(before, 'marketplace_auctions_overdue')).toBe(0);

      const seller = await signedInUser(s);
      const buyer = await signedInUser(s);
      const item = await createAuction(s, seller.token, { bid: 100, rangelowbid: 50, rangehighbid: 1000 });
      await setEnds(s, item.auctionid, -30, null); // ended, but within the minute the close may take
      await db
        .insertInto('notices')
        .values({
          userid: buyer.userid,
          kind: 'lost',
          auctionid: item.auctionid,
          dedupe_key: `metrics-lost:${buyer.userid}`,
          data: JSON.stringify({ productname: 'Lamp', price: 100, outcome: 'unsold' }),
        })
        .execute();
      const behind = await read();
      expect(sample(behind, 'marketplace_notice_mails_due')).toBe(1);
      expect(sample(behind, 'marketplace_auctions_overdue')).toBe(0);

      await setEnds(s, item.auctionid, -90, null);
      expect(sample(await read(), 'marketplace_auctions_overdue')).toBe(1);
      await s.app.ctx.closeSweeper.sweep();
      s.app.ctx.noticeMail.wake();
      await s.app.ctx.noticeMail.idle();
      const caughtUp = await read();
      expect(sample(caughtUp, 'marketplace_auctions_overdue')).toBe(0);
      expect(sample(caughtUp, 'marketplace_notice_mails_due')).toBe(0);
    });
  },
  () => ({ notices: { ...loadConfig({}).notices, mailIntervalSeconds: 0, endingSweepSeconds: 0 } }),
);
