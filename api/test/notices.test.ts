import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { NoticePageReply } from '@marketplace/contract';
import { signedInUser } from './helpers/accounts';
import { bid, createAuction, openSseStream, setEnds } from './helpers/auctions';
import { describeEachDatabase, eventually, type TestServer } from './helpers/server';
import { quotedPrintableDecoded } from './helpers/smtp';

/**
 * Background passes off: each test runs the dispatcher and the sweep itself (a bid still wakes the
 * dispatcher). Outbid mails go at once here; their quiet window has its own tests below.
 */
/** Terms for a starting bid of Rs. 100. */
const LOW = { rangelowbid: 50, rangehighbid: 1_000_000 };

const QUIET = { notices: { ...defaults(), mailIntervalSeconds: 0, endingSweepSeconds: 0, outbidMailWindowSeconds: 0 } };
function defaults() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../src/config') as typeof import('../src/config')).loadConfig({}).notices;
}

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Waits until every notice queued so far has been claimed, mailed and announced. */
async function settle(s: TestServer) {
  const { noticeMail } = s.app.ctx;
  noticeMail.wake();
  await noticeMail.idle();
}

async function noticesOf(s: TestServer, u: User, query = '') {
  const r = await s.get(`/notices${query}`, { authtoken: u.token });
  expect(r.status).toBe(200);
  return r.body as NoticePageReply;
}

/** The outbox files of notices, and the text of each. */
function outbox(s: TestServer): Map<string, string> {
  const dir = s.config.outboxDir;
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith('notice-')) : [];
  return new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

/** A ticket for `u`'s live notices stream (POST /noticeevents/ticket). */
async function ticketFor(s: TestServer, u: User): Promise<string> {
  const r = await s.post('/noticeevents/ticket', undefined, { authtoken: u.token });
  expect(r.status).toBe(200);
  return r.body.data.ticket as string;
}

/** `u`'s live notices stream, opened with a fresh ticket as the page does. */
async function openNotices(s: TestServer, u: User) {
  return openSseStream(`${s.url}/noticeevents?ticket=${await ticketFor(s, u)}`);
}

const mailsTo = (s: TestServer, u: User) => [...outbox(s).values()].filter((m) => m.includes(`To: ${u.email}`));

describeEachDatabase(
  'notices: outbid, ending soon, mail from the outbox, live, opt-out',
  (server) => {
    let seller: User;
    beforeAll(async () => {
      seller = await signedInUser(server(), { firstname: 'Sela' });
    });

    it('the leader is told once per outbidding, never when the leader raises their own maximum', async () => {
      const s = server();
      const asha = await signedInUser(s, { firstname: 'Asha' });
      const ravi = await signedInUser(s, { firstname: 'Ravi' });
      const item = await createAuction(s, seller.token, { ...LOW, bid: 1000, productname: 'Brass Lamp' });

      expect((await bid(s, asha.token, item.auctionid, 2000)).status).toBe(200); // Asha leads at 1,050
      expect((await bid(s, ravi.token, item.auctionid, 1500)).status).toBe(200); // Asha answers: still leads
      expect((await bid(s, asha.token, item.auctionid, 3000)).status).toBe(200); // her own maximum: no one told
      await settle(s);
      expect((await noticesOf(s, asha)).data).toEqual([]);
      expect((await noticesOf(s, ravi)).data).toEqual([]);

      expect((await bid(s, ravi.token, item.auctionid, 5000)).status).toBe(200); // Ravi leads at 3,050
      await settle(s);
      const told = await noticesOf(s, asha);
      expect(told.unread).toBe(1);
      expect(told.data).toEqual([
        expect.objectContaining({
          kind: 'outbid',
          auctionid: item.auctionid,
          seen: false,
          data: { productname: 'Brass Lamp', price: 3050, nextbid: 3100 },
        }),
      ]);
      expect(mailsTo(s, asha)).toHaveLength(1);
      const mail = mailsTo(s, asha)[0];
      expect(mail).toContain('Subject: Outbid: Brass Lamp is now Rs. 3,050');
      expect(mail).toContain('Enter Rs. 3,100 or more to lead.');
      // The link as the shopper reads it (a long URL is wrapped by quoted-printable soft breaks).
      expect(quotedPrintableDecoded(mail)).toContain(`${s.config.storefrontUrl}/auctionproduct/${item.auctionid}`);
      expect(mail).toMatch(/Message-ID: <notice-\d+\.[0-9a-f]{16}@/i);

      // Ravi raises his own maximum: nobody is told; Asha takes the lead back: Ravi is told once.
      expect((await bid(s, ravi.token, item.auctionid, 6000)).status).toBe(200);
      expect((await bid(s, asha.token, item.auctionid, 9000)).status).toBe(200);
      await settle(s);
      expect((await noticesOf(s, asha)).data).toHaveLength(1);
      expect((await noticesOf(s, ravi)).data.map((n) => [n.kind, n.data.price])).toEqual([['outbid', 6100]]);
      expect(mailsTo(s, ravi)).toHaveLength(1);
      const rows = await s.app.ctx.db.selectFrom('notices').select('mail_state').execute();
      expect(rows.every((r) => r.mail_state === 'sent')).toBe(true);
    });

    it('a mail sent again after a crash before it was marked is the same message, in the same file', async () => {
      const s = server();
      const a = await signedInUser(s);
      const b = await signedInUser(s);
      const item = await createAuction(s, seller.token, { ...LOW, bid: 100 });
      await bid(s, a.token, item.auctionid, 200);
      await bid(s, b.token, item.auctionid, 500);
      await settle(s);
      const [first] = mailsTo(s, a);
      expect(first).toBeDefined();
      // As if the process died between sending and marking: the lease is over, the notice pending.
      await sql`UPDATE notices SET mail_state = 'pending', mail_claimed_until = now() - interval '1 second'
        WHERE userid = ${a.userid}`.execute(s.app.ctx.db);
      await settle(s);
      const again = mailsTo(s, a);
      expect(again).toHaveLength(1);
      const id = (m: string) => /Message-ID: (\S+)/i.exec(m)?.[1];
      expect(id(again[0])).toBe(id(first));
    });

    it('ending soon: each watcher and bidder once, the owner never, however many sweeps', async () => {
      const s = server();
      const { db } = s.app.ctx;
      const watcher = await signedInUser(s, { firstname: 'Wanda' });
      const b1 = await signedInUser(s);
      const b2 = await signedInUser(s);
      const soon = await createAuction(s, seller.token, { ...LOW, bid: 100, productname: 'Clock' });
      const later = await createAuction(s, seller.token, { ...LOW, bid: 100, productname: 'Vase' });
      await bid(s, b1.token, soon.auctionid, 200);
      await bid(s, b2.token, soon.auctionid, 400);
      await bid(s, b1.token, soon.auctionid, 1000);
      await bid(s, b1.token, later.auctionid, 300);
      await db
        .insertInto('auction_watchers')
        .values([
          { userid: watcher.userid, auctionid: soon.auctionid },
          { userid: b1.userid, auctionid: soon.auctionid },
          { userid: watcher.userid, auctionid: later.auctionid },
        ])
        .execute();
      // Moving time: `soon` ends in 30 minutes, `later` in 2 hours.
      await sql`UPDATE auctions SET end_time = now() + interval '30 minutes', ends_at = NULL WHERE auctionid = ${soon.auctionid}`.execute(
        db,
      );
      await sql`UPDATE auctions SET end_time = now() + interval '2 hours', ends_at = NULL WHERE auctionid = ${later.auctionid}`.execute(
        db,
      );
      await Promise.all([s.app.ctx.endingSweep(), s.app.ctx.endingSweep()]);
      await s.app.ctx.endingSweep();
      await settle(s);
      const ending = await db
        .selectFrom('notices')
        .select(['userid', 'auctionid'])
        .where('kind', '=', 'ending')
        .execute();
      expect(ending.filter((n) => n.auctionid === later.auctionid)).toEqual([]);
      expect(ending.map((n) => n.userid).sort()).toEqual([watcher.userid, b1.userid, b2.userid].sort());
      for (const u of [watcher, b1, b2]) {
        expect(mailsTo(s, u).filter((m) => m.includes('Subject: Ending soon: Clock'))).toHaveLength(1);
        const list = await noticesOf(s, u);
        expect(list.data.filter((n) => n.kind === 'ending')).toEqual([
          expect.objectContaining({
            auctionid: soon.auctionid,
            data: expect.objectContaining({ productname: 'Clock' }),
          }),
        ]);
      }
      expect((await noticesOf(s, seller)).data.filter((n) => n.kind === 'ending')).toEqual([]);
    });

    it('a kind turned off is neither mailed nor streamed nor listed; the others still are', async () => {
      const s = server();
      const { db } = s.app.ctx;
      const mira = await signedInUser(s, { firstname: 'Mira' });
      const rival = await signedInUser(s);
      expect((await s.get('/noticeprefs', { authtoken: mira.token })).body.data).toEqual({
        outbid: true,
        won: true,
        lost: true,
        sold: true,
        unsold: true,
        ending: true,
        shipped: true,
        delivered: true,
        neworder: true,
        ordercancelled: true,
      });
      const off = await s.put('/noticeprefs', { outbid: false }, { authtoken: mira.token });
      expect(off.status).toBe(200);
      expect(off.body.msg).toBe('Notification settings saved');
      expect(off.body.data).toMatchObject({ outbid: false, ending: true });

      const stream = await openNotices(s, mira);
      expect(stream.status).toBe(200);
      try {
        const item = await createAuction(s, seller.token, { ...LOW, bid: 100, productname: 'Kettle' });
        await bid(s, mira.token, item.auctionid, 200);
        await bid(s, rival.token, item.auctionid, 900); // Mira is outbid: turned off
        await settle(s);
        await sql`UPDATE auctions SET end_time = now() + interval '10 minutes', ends_at = NULL WHERE auctionid = ${item.auctionid}`.execute(
          db,
        );
        await s.app.ctx.endingSweep();
        await settle(s);
        // The later notice (on) arrives; the earlier one (off) never did.
        const ending = await stream.next((e) => e.event === 'notice' && e.data.kind === 'ending');
        expect(ending.data).toMatchObject({ auctionid: item.auctionid, data: { productname: 'Kettle' } });
        expect(ending.data.userid).toBeUndefined();
        expect(stream.events.filter((e) => e.data.kind === 'outbid')).toEqual([]);
        const states = await db
          .selectFrom('notices')
          .select(['kind', 'mail_state'])
          .where('userid', '=', mira.userid)
          .orderBy('noticeid')
          .execute();
        expect(states).toEqual([
          { kind: 'outbid', mail_state: 'skipped' },
          { kind: 'ending', mail_state: 'sent' },
        ]);
        expect(mailsTo(s, mira).map((m) => /Subject: (.*)/.exec(m)?.[1])).toEqual(['Ending soon: Kettle']);
        expect((await noticesOf(s, mira)).data.map((n) => n.kind)).toEqual(['ending']);

        // Turned on again, an outbid is told live and by mail.
        await s.put('/noticeprefs', { outbid: true }, { authtoken: mira.token });
        await bid(s, mira.token, item.auctionid, 5000);
        await bid(s, rival.token, item.auctionid, 8000);
        await settle(s);
        await stream.next((e) => e.data.kind === 'outbid');
        expect(mailsTo(s, mira)).toHaveLength(2);
      } finally {
        stream.close();
      }
    });

    it('preferences are checked by the schema', async () => {
      const s = server();
      const u = await signedInUser(s);
      for (const body of [{}, { outbid: 'no' }, { bogus: true }, { ending: null }]) {
        const r = await s.put('/noticeprefs', body, { authtoken: u.token });
        expect(r.status).toBe(400);
      }
      expect(Object.values((await s.get('/noticeprefs', { authtoken: u.token })).body.data)).not.toContain(false);
      // An unknown field beside a kind is dropped, as in every body.
      const r = await s.put('/noticeprefs', { lost: false, extra: 1 }, { authtoken: u.token });
      expect(r.status).toBe(200);
      expect((await s.get('/noticeprefs', { authtoken: u.token })).body.data).toMatchObject({ lost: false, won: true });
      expect((await s.get('/noticeprefs')).status).toBe(401);
    });

    it("the caller's notices only, paged newest first; seen marks only the caller's", async () => {
      const s = server();
      const { db } = s.app.ctx;
      const owner = await signedInUser(s);
      const other = await signedInUser(s);
      const item = await createAuction(s, seller.token, { ...LOW, bid: 100 });
      await db
        .insertInto('notices')
        .values(
          [1, 2, 3].map((i) => ({
            userid: owner.userid,
            kind: 'lost' as const,
            auctionid: item.auctionid,
            dedupe_key: `test-lost:${item.auctionid}:${owner.userid}:${i}`,
            data: JSON.stringify({ productname: `Lot ${i}` }),
          })),
        )
        .execute();
      const first = await noticesOf(s, owner, '?limit=2');
      expect(first.data.map((n) => n.data.productname)).toEqual(['Lot 3', 'Lot 2']);
      expect(first.unread).toBe(3);
      const second = await noticesOf(s, owner, `?limit=2&cursor=${first.next}`);
      expect(second.data.map((n) => n.data.productname)).toEqual(['Lot 1']);
      expect(second.next).toBeNull();

      // The other user reads none of them and marks none of them seen, whatever id they send.
      expect((await noticesOf(s, other)).data).toEqual([]);
      const foreign = await s.put('/notices/seen', { upto: 2_000_000_000 }, { authtoken: other.token });
      expect(foreign.status).toBe(200);
      expect((await noticesOf(s, owner)).unread).toBe(3);
      expect((await s.get('/notices')).status).toBe(401);

      const seen = await s.put('/notices/seen', { upto: first.data[1].noticeid }, { authtoken: owner.token });
      expect(seen.body.data).toEqual({ unread: 1 });
      expect((await noticesOf(s, owner)).data.map((n) => n.seen)).toEqual([false, true, true]);
    });

    it('the live stream takes a single-use ticket, checked before it opens anything, and carries only the caller’s notices', async () => {
      const s = server();
      const { eventStreams } = s.app.ctx;
      const before = eventStreams.size;
      const cleo = await signedInUser(s);
      const refused = async (path: string, status: number) => {
        const r = await fetch(`${s.url}${path}`, { headers: { accept: 'text/event-stream' } });
        expect(r.status).toBe(status);
        expect(r.headers.get('content-type')).toMatch(/json/);
        await r.text();
      };
      // No ticket, a made-up one, or the login token itself in the URL: nothing opens.
      await refused('/noticeevents', 400);
      await refused(`/noticeevents?ticket=nt_${'A'.repeat(43)}`, 401);
      await refused(`/noticeevents?ticket=${cleo.token}`, 400);
      // A ticket opens one stream: used again, it is refused.
      const ticket = await ticketFor(s, cleo);
      const once = await openSseStream(`${s.url}/noticeevents?ticket=${ticket}`);
      expect(once.status).toBe(200);
      once.close();
      await refused(`/noticeevents?ticket=${ticket}`, 401);
      // A ticket whose session ended (logout) opens nothing; a ticket needs a login token.
      const late = await ticketFor(s, cleo);
      expect((await s.post('/logoutcus', { authtoken: cleo.token })).status).toBe(200);
      await refused(`/noticeevents?ticket=${late}`, 401);
      expect((await s.post('/noticeevents/ticket')).status).toBe(401);
      await eventually(
        async () => eventStreams.size,
        (n) => n === before,
      );
      expect(eventStreams.size).toBe(before);
      const ann = await signedInUser(s);
      const ben = await signedInUser(s);
      const annStream = await openNotices(s, ann);
      const benStream = await openNotices(s, ben);
      try {
        await annStream.waitForComment('connected');
        await benStream.waitForComment('connected');
        const item = await createAuction(s, seller.token, { ...LOW, bid: 100, productname: 'Teapot' });
        await bid(s, ann.token, item.auctionid, 200);
        await bid(s, ben.token, item.auctionid, 700);
        await settle(s);
        const told = await annStream.next((e) => e.event === 'notice');
        expect(told.data).toMatchObject({ kind: 'outbid', data: { productname: 'Teapot', price: 210 } });
        const all = await eventually(
          async () => annStream.events.length,
          (n) => n >= 1,
        );
        expect(all).toBe(1);
        expect(benStream.events).toEqual([]);
      } finally {
        annStream.close();
        benStream.close();
      }
    });
  },
  QUIET,
);

describeEachDatabase(
  'notices: an outbid mail waits its quiet window and goes only if it still tells something',
  (server) => {
    /** As if the window were over: the notices and their holds an hour older. */
    async function windowOver(s: TestServer) {
      await sql`UPDATE notices SET created_at = created_at - interval '1 hour',
        mail_claimed_until = mail_claimed_until - interval '1 hour'`.execute(s.app.ctx.db);
    }

    async function mailStates(s: TestServer, u: User) {
      const rows = await s.app.ctx.db
        .selectFrom('notices')
        .select(['mail_state', 'data'])
        .where('userid', '=', u.userid)
        .orderBy('noticeid')
        .execute();
      return rows.map((r) => [r.mail_state, (r.data as { price: number }).price]);
    }

    it('a bidding war: told live at each step, the bidder still outbid mailed once with the newest price', async () => {
      const s = server();
      const seller = await signedInUser(s, { firstname: 'Sela' });
      const mira = await signedInUser(s, { firstname: 'Mira' });
      const ravi = await signedInUser(s, { firstname: 'Ravi' });
      const item = await createAuction(s, seller.token, { ...LOW, bid: 100, productname: 'Jade Box' });
      const miraLive = await openNotices(s, mira);
      const raviLive = await openNotices(s, ravi);
      try {
        expect((await bid(s, mira.token, item.auctionid, 500)).status).toBe(200); // Mira leads
        expect((await bid(s, ravi.token, item.auctionid, 600)).status).toBe(200); // Mira outbid at 525
        await miraLive.next((e) => e.data.kind === 'outbid' && e.data.data.price === 525);
        expect((await bid(s, mira.token, item.auctionid, 700)).status).toBe(200); // Ravi outbid at 625
        await raviLive.next((e) => e.data.kind === 'outbid' && e.data.data.price === 625);
        expect((await bid(s, ravi.token, item.auctionid, 800)).status).toBe(200); // Mira outbid at 725
        await miraLive.next((e) => e.data.kind === 'outbid' && e.data.data.price === 725);
        await settle(s);
        // Inside the window: told live and listed, nothing mailed yet.
        expect((await noticesOf(s, mira)).data.map((n) => n.data.price)).toEqual([725, 525]);
        expect(mailsTo(s, mira)).toEqual([]);
        expect(mailsTo(s, ravi)).toEqual([]);

        await windowOver(s);
        await settle(s);
        // Mira is still outbid: her newest notice is mailed, the older one is not. Ravi leads
        // again: his is not mailed.
        expect(await mailStates(s, mira)).toEqual([
          ['superseded', 525],
          ['sent', 725],
        ]);
        expect(await mailStates(s, ravi)).toEqual([['superseded', 625]]);
        expect(mailsTo(s, mira)).toHaveLength(1);
        expect(mailsTo(s, mira)[0]).toContain('Subject: Outbid: Jade Box is now Rs. 725');
        expect(mailsTo(s, ravi)).toEqual([]);

        await settle(s);
        expect(mailsTo(s, mira)).toHaveLength(1);
        // Each was told live once, at the bid: the mail pass told nothing again.
        expect(miraLive.events.filter((e) => e.data.kind === 'outbid')).toHaveLength(2);
        expect(raviLive.events.filter((e) => e.data.kind === 'outbid')).toHaveLength(1);
      } finally {
        miraLive.close();
        raviLive.close();
      }
    });

    it('an item closed before the mail is due: the outbid mail gives way to the close', async () => {
      const s = server();
      const seller = await signedInUser(s, { firstname: 'Sela' });
      const asha = await signedInUser(s, { firstname: 'Asha' });
      const ravi = await signedInUser(s, { firstname: 'Ravi' });
      const item = await createAuction(s, seller.token, { ...LOW, bid: 100, productname: 'Tin Robot' });
      await bid(s, asha.token, item.auctionid, 300);
      await bid(s, ravi.token, item.auctionid, 400); // Asha outbid
      await settle(s);
      await setEnds(s, item.auctionid, -1, null);
      await s.app.ctx.closeSweeper.sweep();
      await windowOver(s);
      await settle(s);
      const rows = await s.app.ctx.db
        .selectFrom('notices')
        .select(['kind', 'mail_state'])
        .where('userid', '=', asha.userid)
        .orderBy('noticeid')
        .execute();
      expect(rows).toEqual([
        { kind: 'outbid', mail_state: 'superseded' },
        { kind: 'lost', mail_state: 'sent' },
      ]);
      expect(mailsTo(s, asha)).toHaveLength(1);
    });
  },
  { notices: { ...defaults(), mailIntervalSeconds: 0, endingSweepSeconds: 0, outbidMailWindowSeconds: 3600 } },
);
