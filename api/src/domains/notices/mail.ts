import { sql, type Kysely } from 'kysely';
import type { NoticeData, NoticeEvent, NoticeKind } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { StorefrontLinks } from '../../lib/storefront-links';
import { noticeMail } from './rules';

export interface NoticeMailLimits {
  mailBatch: number;
  mailLeaseSeconds: number;
  mailMaxAttempts: number;
  mailRetrySeconds: number;
  /** Outbid mails wait this long and go only if still true (config.notices). */
  outbidMailWindowSeconds: number;
}

interface DispatchLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

interface Claimed {
  noticeid: string | number;
  userid: number;
  kind: NoticeKind;
  auctionid: number | null;
  dedupe_key: string;
  data: NoticeData | string;
  created_at: Date | string;
  mail_attempts: number;
  email: string;
  firstname: string;
  /** Settled by the claim itself: a kind its shopper turned off, or an outbid mail that would tell nothing. */
  settled: 'skipped' | 'superseded' | null;
}

/** A notice for the live stream: its user (to route it) and what the page shows. */
export type RoutedNoticeEvent = NoticeEvent & { userid: number };

/**
 * Mails the notices of the outbox (`notices`), in every API process. A pass claims pending
 * notices with FOR UPDATE SKIP LOCKED and a lease (`mail_claimed_until`): two processes never
 * claim the same notice, and a notice claimed by a process that died is claimed again once the
 * lease is over. A notice of a kind its shopper turned off is marked 'skipped' by the claim; the
 * others are announced to the shopper's live streams (at their first claim), mailed, then marked 'sent'.
 * A mail that fails is tried again later, and marked 'failed' (logged) after `mailMaxAttempts`.
 * Sending and marking are two steps: a crash between them sends the mail again, with the same
 * Message-ID (and the same outbox file), which is why both are fixed per notice.
 *
 * An outbid notice is written held until its quiet window is over (`mail_claimed_until`, by
 * place_bid, migration 0018) and told live by the bid that wrote it (`tellLive`), so a pass first
 * sees it when its mail is due: mailed if the bidder is still outbid on the open item and no newer
 * outbid notice of theirs for it is queued, else marked 'superseded' by the claim itself. Under a
 * burst of bids most outbid notices thus take one row update after their insert.
 */
export class NoticeDispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      mailer: Mailer;
      limits: NoticeMailLimits;
      links: StorefrontLinks;
      mailFrom: string;
      /** Tells the shopper's open pages (after the claim has committed). */
      announce: (event: RoutedNoticeEvent) => void;
      log: DispatchLog;
    },
  ) {}

  /** Starts a pass now (or right after the one under way): a notice was committed in this process. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => (this.running = null));
  }

  /** Tells a notice on its shopper's live streams now (committed by the caller, who told no one). */
  tellLive(event: RoutedNoticeEvent): void {
    this.deps.announce(event);
  }

  /** Resolves when no pass is under way (every notice woken for so far was handled). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No new passes; waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.runOnce()) === this.deps.limits.mailBatch);
      } catch (err) {
        this.deps.log.warn({ err }, 'Could not mail notices; trying again at the next pass');
      }
    } while (this.again && !this.stopped);
  }

  /** One batch: claims, tells and mails; resolves with how many notices it claimed. */
  async runOnce(): Promise<number> {
    const { db, limits } = this.deps;
    const due = sql`coalesce(mail_claimed_until, '-infinity'::timestamptz)`;
    // Settled in the claim: a kind turned off; an outbid mail that would tell nothing now.
    const { rows } = await sql<Claimed>`
      WITH due AS (
        SELECT n.noticeid,
          CASE WHEN EXISTS (SELECT 1 FROM notice_optouts o WHERE o.userid = n.userid AND o.kind = n.kind) THEN 'skipped'
               WHEN n.kind = 'outbid' AND ${limits.outbidMailWindowSeconds} > 0 AND (
                 EXISTS (SELECT 1 FROM notices newer WHERE newer.userid = n.userid AND newer.noticeid > n.noticeid
                           AND newer.kind = 'outbid' AND newer.auctionid = n.auctionid)
                 OR NOT EXISTS (SELECT 1 FROM auctions a WHERE a.auctionid = n.auctionid AND a.status = 'open'
                                  AND a.leader IS DISTINCT FROM n.userid)) THEN 'superseded'
          END AS settled
        FROM notices n
        WHERE n.noticeid IN (
          SELECT noticeid FROM notices
          WHERE mail_state = 'pending' AND ${due} < now()
          ORDER BY ${due}, noticeid
          LIMIT ${limits.mailBatch}
          FOR UPDATE SKIP LOCKED
        )
      ),
      claimed AS (
        UPDATE notices n
        SET mail_state = coalesce(due.settled, 'pending'),
            mail_claimed_until = CASE WHEN due.settled IS NULL
                                      THEN now() + ${limits.mailLeaseSeconds} * interval '1 second' END,
            mail_attempts = n.mail_attempts + CASE WHEN due.settled IS NULL THEN 1 ELSE 0 END
        FROM due WHERE n.noticeid = due.noticeid
        RETURNING n.noticeid, n.userid, n.kind, n.auctionid, n.dedupe_key, n.data, n.created_at, n.mail_attempts,
          due.settled
      )
      SELECT c.*, u.email, u.firstname
      FROM claimed c JOIN users u ON u.userid = c.userid
      ORDER BY c.noticeid`.execute(db);
    if (!rows.length) return 0;
    const toMail = rows
      .filter((r) => r.settled === null)
      .map((r) => ({
        ...r,
        noticeid: Number(r.noticeid),
        data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as NoticeData,
      }));
    // An outbid notice was told live by its bid (tellLive); the others at their first claim.
    for (const n of toMail)
      if (n.mail_attempts === 1 && n.kind !== 'outbid')
        this.deps.announce({
          userid: n.userid,
          noticeid: n.noticeid,
          kind: n.kind,
          auctionid: n.auctionid,
          data: n.data,
          createdat: new Date(n.created_at).toISOString(),
        });
    const sent = (await Promise.all(toMail.map((n) => this.mailOne(n)))).filter((id) => id !== null);
    await this.markSent(sent);
    return rows.length;
  }

  /** Marks the batch's notices `ids` sent, in one statement: under a burst of bids a batch holds many. */
  private async markSent(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.deps.db
      .updateTable('notices')
      .set({ mail_state: 'sent', mailed_at: sql<Date>`now()`, mail_claimed_until: null })
      .where('noticeid', 'in', ids)
      .where('mail_state', '=', 'pending')
      .execute();
  }

  /** Mails one notice: its id once sent, or null (a failure is recorded: tried again later, or given up). */
  private async mailOne(
    n: Omit<Claimed, 'noticeid' | 'data'> & { noticeid: number; data: NoticeData },
  ): Promise<number | null> {
    const { db, mailer, limits, log } = this.deps;
    try {
      await mailer.send(noticeMail(n, n, await this.deps.links.linkTo(), this.deps.mailFrom));
      return n.noticeid;
    } catch (err) {
      const giveUp = n.mail_attempts >= limits.mailMaxAttempts;
      // The notice's id and kind only: the address and the text stay out of the log.
      (giveUp ? log.error : log.warn).call(
        log,
        { err: { message: (err as Error)?.message }, noticeid: n.noticeid, kind: n.kind, attempts: n.mail_attempts },
        giveUp ? 'Gave up mailing a notice' : 'Could not mail a notice; it will be tried again',
      );
      await db
        .updateTable('notices')
        .set(
          giveUp
            ? { mail_state: 'failed', mail_claimed_until: null }
            : {
                mail_claimed_until: sql`now() + ${n.mail_attempts * limits.mailRetrySeconds} * interval '1 second'`,
              },
        )
        .where('noticeid', '=', n.noticeid)
        .where('mail_state', '=', 'pending')
        .execute();
      return null;
    }
  }
}
