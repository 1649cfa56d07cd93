/**
 * Notices with two API processes on one PostgreSQL (in this test process, each with its own pool):
 * ending-soon sweeps racing queue each notice once, and two mail dispatchers racing mail each
 * notice once (a real SMTP server counts what arrives).
 */
import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { signedInUser } from './helpers/accounts';
import { startServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

pgOnly('notices with two API processes on one PostgreSQL', () => {
  let smtp: TestSmtp;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    // No background passes: the test races the two processes' sweeps and dispatchers itself.
    const notices = { ...loadConfig({}).notices, mailIntervalSeconds: 0, endingSweepSeconds: 0, mailBatch: 7 };
    first = await startServer('postgres', { smtpUrl: smtp.url, notices });
    second = await startServer('postgres', { smtpUrl: smtp.url, notices, databaseUrl: first.config.databaseUrl });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await smtp?.close();
  });

  it('ending-soon sweeps racing in both processes queue one notice per watcher and bidder', async () => {
    const { db } = first.app.ctx;
    const owner = await signedInUser(first);
    const people: Awaited<ReturnType<typeof signedInUser>>[] = [];
    for (let i = 0; i < 6; i++) people.push(await signedInUser(first));
    const items = 150;
    // 150 items ending within the hour (moving time: their end is set by SQL), bid on by people
    // 0–2 (person 0 twice) and watched by people 2–4 (person 2 both bids and watches).
    const { rows } = await sql<{ auctionid: number }>`
      INSERT INTO auctions (userid, nickname, productname, category, description, ageproduct, startbid, bid,
        rangelowbid, rangehighbid, photo_hashes, end_time)
      SELECT ${owner.userid}, 'owner', 'Lot ' || g, 'Painting', 'd', '1 year', 100, 100, 50, 1000000, jsonb_build_array(repeat('a', 64)),
        now() + (g % 50 + 5) * interval '1 minute'
      FROM generate_series(1, ${items}) g
      RETURNING auctionid`.execute(db);
    const ids = rows.map((r) => r.auctionid);
    const bidders = [people[0], people[1], people[0], people[2]];
    await db
      .insertInto('bids')
      .values(ids.flatMap((auctionid) => bidders.map((p, i) => ({ auctionid, userid: p.userid, bid: 110 + i * 10 }))))
      .execute();
    await db
      .insertInto('auction_watchers')
      .values(ids.flatMap((auctionid) => [2, 3, 4].map((i) => ({ auctionid, userid: people[i].userid }))))
      .execute();

    await Promise.all([
      first.app.ctx.endingSweep(),
      second.app.ctx.endingSweep(),
      first.app.ctx.endingSweep(),
      second.app.ctx.endingSweep(),
    ]);
    const told = await db
      .selectFrom('notices')
      .select(['userid', 'auctionid'])
      .where('kind', '=', 'ending')
      .where('auctionid', 'in', ids)
      .execute();
    // People 0 to 4, once per item; person 5 and the owner never.
    expect(told).toHaveLength(items * 5);
    const perItem = new Map<number, number[]>();
    for (const t of told) perItem.set(t.auctionid!, [...(perItem.get(t.auctionid!) ?? []), t.userid]);
    const expected = people
      .slice(0, 5)
      .map((p) => p.userid)
      .sort();
    for (const id of ids) expect(perItem.get(id)?.sort()).toEqual(expected);
    const unmarked = await db
      .selectFrom('auctions')
      .select('auctionid')
      .where('auctionid', 'in', ids)
      .where('ending_noticed_at', 'is', null)
      .execute();
    expect(unmarked).toEqual([]);
  });

  it('two dispatchers racing mail each notice exactly once', async () => {
    const { db } = first.app.ctx;
    const pending = await db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('mail_state', '=', 'pending')
      .executeTakeFirstOrThrow();
    const total = Number(pending.n);
    expect(total).toBe(750);
    const since = smtp.mails.length;
    const drain = async (s: TestServer) => {
      while ((await s.app.ctx.noticeMail.runOnce()) > 0);
    };
    await Promise.all([drain(first), drain(second), drain(first), drain(second)]);
    // The processes' own dispatchers may still hold a claim they are sending: wait until every
    // notice is marked sent (bounded), then read what the SMTP server received.
    for (let deadline = Date.now() + 30_000; ;) {
      const left = await db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('mail_state', '!=', 'sent')
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0 || Date.now() > deadline) break;
      await drain(first);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const mails = smtp.mails.slice(since);
    const ids = mails.map((m) => /^Message-ID: (\S+)/im.exec(m.raw)?.[1]);
    expect(new Set(ids).size).toBe(total);
    expect(mails).toHaveLength(total);
    const states = await db
      .selectFrom('notices')
      .select(['mail_state', 'mail_attempts'])
      .where('kind', '=', 'ending')
      .execute();
    expect(states.every((r) => r.mail_state === 'sent' && r.mail_attempts === 1)).toBe(true);
  });
});
