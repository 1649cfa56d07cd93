import { sql, type Kysely } from 'kysely';
import { NOTICE_KINDS, type Notice, type NoticeData, type NoticeKind, type NoticePrefs } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import { randomToken, tokenHash } from '../../lib/crypto';
import { pageOf } from '../../lib/paging';

/** The unread count stops at this (the page shows '99+' beyond). */
export const UNREAD_CAP = 100;

/** The kinds `userid` turned off. */
export async function optedOutKinds(db: Kysely<Database>, userid: number): Promise<NoticeKind[]> {
  const rows = await db.selectFrom('notice_optouts').select('kind').where('userid', '=', userid).execute();
  return rows.map((r) => r.kind);
}

/** Every kind, on unless `userid` turned it off. */
export async function noticePrefs(db: Kysely<Database>, userid: number): Promise<NoticePrefs> {
  const off = await optedOutKinds(db, userid);
  return Object.fromEntries(NOTICE_KINDS.map((k) => [k, !off.includes(k)])) as NoticePrefs;
}

/** Turns kinds on (drops the opt-out) or off (adds it); the others stay. */
export async function setNoticePrefs(
  db: Kysely<Database>,
  userid: number,
  changes: Partial<NoticePrefs>,
): Promise<NoticePrefs> {
  const off = NOTICE_KINDS.filter((k) => changes[k] === false);
  const on = NOTICE_KINDS.filter((k) => changes[k] === true);
  await db.transaction().execute(async (trx) => {
    if (off.length)
      await trx
        .insertInto('notice_optouts')
        .values(off.map((kind) => ({ userid, kind })))
        .onConflict((oc) => oc.columns(['userid', 'kind']).doNothing())
        .execute();
    if (on.length)
      await trx.deleteFrom('notice_optouts').where('userid', '=', userid).where('kind', 'in', on).execute();
  });
  return noticePrefs(db, userid);
}

const notOptedOut = (userid: number) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM notice_optouts o WHERE o.userid = ${userid} AND o.kind = notices.kind)`;

/** How many of `userid`'s notices (of kinds on) are not seen yet, counted up to UNREAD_CAP. */
export async function unreadNotices(db: Kysely<Database>, userid: number): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM notices
      WHERE userid = ${userid} AND seen_at IS NULL AND ${notOptedOut(userid)}
      LIMIT ${UNREAD_CAP}
    ) unread`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A page of `userid`'s notices of the kinds they have on, newest first (keyset on the id). */
export async function noticesPage(
  db: Kysely<Database>,
  userid: number,
  limit: number,
  before: number | undefined,
): Promise<{ items: Notice[]; next: string | null }> {
  let q = db
    .selectFrom('notices')
    .select(['noticeid', 'kind', 'auctionid', 'data', 'created_at', 'seen_at'])
    .where('userid', '=', userid)
    .where(notOptedOut(userid));
  if (before !== undefined) q = q.where('noticeid', '<', before);
  const rows = await q
    .orderBy('noticeid', 'desc')
    .limit(limit + 1)
    .execute();
  const page = pageOf(rows, limit, (r) => [Number(r.noticeid)]);
  return {
    items: page.rows.map((r) => ({
      noticeid: Number(r.noticeid),
      kind: r.kind,
      auctionid: r.auctionid,
      data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as NoticeData,
      createdat: new Date(r.created_at).toISOString(),
      seen: r.seen_at !== null,
    })),
    next: page.next,
  };
}

/** Marks `userid`'s notices up to `upto` seen (another user's are never touched). */
export async function markNoticesSeen(db: Kysely<Database>, userid: number, upto: number): Promise<void> {
  await db
    .updateTable('notices')
    .set({ seen_at: sql`now()` })
    .where('userid', '=', userid)
    .where('noticeid', '<=', upto)
    .where('seen_at', 'is', null)
    .execute();
}

/** A stream ticket lives this long: long enough to open the stream right after asking. */
export const TICKET_TTL_SECONDS = 60;
/** Unused tickets one user may hold at once. */
export const TICKETS_PER_USER = 20;

/**
 * A single-use ticket opening `userid`'s live notices stream, for the login token that asked
 * (its hash); only its hash is kept. The user's expired tickets are dropped first; null when the
 * user already holds TICKETS_PER_USER live ones.
 */
export async function issueStreamTicket(
  db: Kysely<Database>,
  userid: number,
  loginTokenHash: string,
): Promise<string | null> {
  await db
    .deleteFrom('notice_stream_tickets')
    .where('userid', '=', userid)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  const live = await db
    .selectFrom('notice_stream_tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userid', '=', userid)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= TICKETS_PER_USER) return null;
  const ticket = randomToken('nt');
  await db
    .insertInto('notice_stream_tickets')
    .values({
      ticket_hash: tokenHash(ticket),
      userid,
      login_token_hash: loginTokenHash,
      expires_at: sql<Date>`now() + ${TICKET_TTL_SECONDS} * interval '1 second'`,
    })
    .execute();
  return ticket;
}

/**
 * Uses a ticket up (deleted, so it opens one stream only): its user, if it is live and the login
 * token it was issued for still is (not expired, not revoked); otherwise null.
 */
export async function redeemStreamTicket(db: Kysely<Database>, ticket: string): Promise<number | null> {
  const { rows } = await sql<{ userid: number }>`
    DELETE FROM notice_stream_tickets t
    WHERE t.ticket_hash = ${tokenHash(ticket)} AND t.expires_at > now()
      AND EXISTS (
        SELECT 1 FROM login_tokens l
        WHERE l.token_hash = t.login_token_hash AND l.userid = t.userid
          AND l.revoked_at IS NULL AND l.expires_at > now()
      )
    RETURNING t.userid`.execute(db);
  return rows[0]?.userid ?? null;
}

/** Drops every expired stream ticket (tickets asked for and never used). */
export async function pruneStreamTickets(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('notice_stream_tickets')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}
