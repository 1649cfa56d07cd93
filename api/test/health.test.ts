import { sql } from 'kysely';
import { OPERATIONS_TEXTS } from '@marketplace/contract';
import { MIGRATION_NAMES } from '../src/db/migrations';
import { describeEachDatabase } from './helpers/server';

// What an operator or a load balancer probes: /healthz (the process answers) and /readyz (it can
// serve). Probes are never cached and never refused for being frequent.
describeEachDatabase('GET /healthz and GET /readyz', (server) => {
  it('says not ready, naming the migration, while the database lacks one; ready once it is there', async () => {
    const s = server();
    const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1]!;
    const { rows } = await sql<{
      name: string;
      timestamp: string;
    }>`SELECT name, timestamp FROM kysely_migration WHERE name = ${last}`.execute(s.app.ctx.db);
    await sql`DELETE FROM kysely_migration WHERE name = ${last}`.execute(s.app.ctx.db);
    const missing = await s.get('/readyz');
    expect(missing.status).toBe(503);
    expect(missing.body).toEqual({ status: 503, msg: OPERATIONS_TEXTS.notMigrated([last]), data: null });

    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last}, ${rows[0]!.timestamp})`.execute(
      s.app.ctx.db,
    );
    const ready = await s.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 200,
      msg: OPERATIONS_TEXTS.ready,
      data: { database: s.kind, migrations: MIGRATION_NAMES.length },
    });
  });

  it('answers both probes with no-store, as often as asked, without a login', async () => {
    const s = server();
    // 300 probes, 30 at a time (a browser holds 6 connections; a load balancer a few).
    const replies = [];
    for (let round = 0; round < 10; round++)
      replies.push(...(await Promise.all(Array.from({ length: 30 }, (_, i) => s.get(i % 2 ? '/healthz' : '/readyz')))));
    expect(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(new Set(replies.map((r) => r.headers.get('cache-control')))).toEqual(new Set(['no-store']));
    expect(replies[1]!.body).toEqual({ status: 200, msg: OPERATIONS_TEXTS.alive, data: null });
  });

  it('keeps the old GET /health that scripts wait on', async () => {
    const s = server();
    expect((await s.get('/health')).body).toEqual({ status: 200, msg: 'ok', data: s.kind });
  });

  it('says not ready once shutdown begins, while it still answers what is in flight', async () => {
    const s = server();
    s.app.ctx.lifecycle.beginShutdown();
    const probe = await s.get('/readyz');
    expect(probe.status).toBe(503);
    expect(probe.body).toEqual({ status: 503, msg: OPERATIONS_TEXTS.shuttingDown, data: null });
    expect(probe.headers.get('cache-control')).toBe('no-store');
    expect((await s.get('/healthz')).status).toBe(200);
    expect((await s.get('/products?limit=1')).status).toBe(200);
  });
});
