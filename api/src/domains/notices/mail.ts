import { sql, type Kysely, type RawBuilder } from 'kysely';
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
  optedout: boolean;
  /** An outbid notice inside its quiet window: told live now, mailed when the window is over. */
  held: boolean;
  /** An outbid notice whose mail, due now, would tell nothing (see outbidMailWindowSeconds). */
  superseded: boolean;
}

/** A notice for the live stream: its user (to route it) and what the page shows. */
export type RoutedNoticeEvent = NoticeEvent & { userid: number };

/**
 * Mails the notices of the outbox (`notices`), in every API process. A pass claims pending
 * notices with FOR UPDATE SKIP LOCKED and a lease (`mail_claimed_until`): two processes never
 * claim the same notice, and a notice claimed by a process that died is claimed again once the
 * lease is over. A claimed notice of a kind its shopper turned off is marked 'skipped'; the others
 * are announced to the shopper's live streams (at their first claim), mailed, then marked 'sent'.
 * A mail that fails is tried again later, and marked 'failed' (logged) after `mailMaxAttempts`.
 * Sending and marking are two steps: a crash between them sends the mail again, with the same
 * Message-ID (and the same outbox file), which is why both are fixed per notice.
 *
 * An outbid notice is claimed at once to be told live, then held (its lease runs to the end of
 * the quiet window) and claimed again when due: mailed if the bidder is still outbid on the open
 * item and no newer outbid notice of theirs for it is queued, else marked 'superseded'. The held
 * claim counts as the notice's first attempt.
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
    const window = sql`${limits.outbidMailWindowSeconds} * interval '1 second'`;
    const held = sql`kind = 'outbid' AND created_at > now() - ${window}`;
    const { rows } = await sql<Claimed>`
      WITH claimed AS (
        UPDATE notices
        SET mail_claimed_until = CASE WHEN ${held} THEN created_at + ${window}
                                      ELSE now() + ${limits.mailLeaseSeconds} * interval '1 second' END,
            mail_attempts = mail_attempts + 1
        WHERE noticeid IN (
          SELECT noticeid FROM notices
          WHERE mail_state = 'pending' AND (mail_claimed_until IS NULL OR mail_claimed_until < now())
          ORDER BY noticeid
          LIMIT ${limits.mailBatch}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING noticeid, userid, kind, auctionid, dedupe_key, data, created_at, mail_attempts
      )
      SELECT c.*, u.email, u.firstname,
        EXISTS (SELECT 1 FROM notice_optouts o WHERE o.userid = c.userid AND o.kind = c.kind) AS optedout,
        (c.kind = 'outbid' AND c.created_at > now() - ${window}) AS held,
        (c.kind = 'outbid' AND ${limits.outbidMailWindowSeconds} > 0 AND (
          EXISTS (SELECT 1 FROM notices n WHERE n.userid = c.userid AND n.noticeid > c.noticeid
                    AND n.kind = 'outbid' AND n.auctionid = c.auctionid)
          OR NOT EXISTS (SELECT 1 FROM auctions a WHERE a.auctionid = c.auctionid AND a.status = 'open'
                           AND a.leader IS DISTINCT FROM c.userid))) AS superseded
      FROM claimed c JOIN users u ON u.userid = c.userid
      ORDER BY c.noticeid`.execute(db);
    if (!rows.length) return 0;
    const notices = rows.map((r) => ({
      ...r,
      noticeid: Number(r.noticeid),
      data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as NoticeData,
    }));
    await this.settle(
      notices.filter((n) => n.optedout).map((n) => n.noticeid),
      { mail_state: 'skipped' },
    );
    const toMail = notices.filter((n) => !n.optedout);
    for (const n of toMail)
      if (n.mail_attempts === 1)
        this.deps.announce({
          userid: n.userid,
          noticeid: n.noticeid,
          kind: n.kind,
          auctionid: n.auctionid,
          data: n.data,
          createdat: new Date(n.created_at).toISOString(),
        });
    await this.settle(
      toMail.filter((n) => !n.held && n.superseded).map((n) => n.noticeid),
      { mail_state: 'superseded' },
    );
    const due = toMail.filter((n) => !n.held && !n.superseded);
    const sent = (await Promise.all(due.map((n) => this.mailOne(n)))).filter((id) => id !== null);
    await this.settle(sent, { mail_state: 'sent', mailed_at: sql<Date>`now()` });
    return rows.length;
  }

  /** Records how the batch's notices `ids` ended, in one statement: under a burst of bids a batch holds many. */
  private async settle(
    ids: number[],
    outcome: { mail_state: 'sent' | 'skipped' | 'superseded'; mailed_at?: RawBuilder<Date> },
  ): Promise<void> {
    if (!ids.length) return;
    await this.deps.db
      .updateTable('notices')
      .set({ ...outcome, mail_claimed_until: null })
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
