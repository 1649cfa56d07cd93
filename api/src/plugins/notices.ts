import fp from 'fastify-plugin';
import { NoticeEventHub, NoticeEventPublisher } from '../domains/notices/events';
import { sweepEndingSoon } from '../domains/notices/ending';
import { NoticeDispatcher } from '../domains/notices/mail';
import { pruneStreamTickets } from '../domains/notices/repository';

/**
 * What tells shoppers their notices, in every API process (`app.ctx.noticeMail`, `noticeHub`,
 * `endingSweep`): the outbox's mail dispatcher (woken after a notice commits in this process and
 * every NOTICE_MAIL_INTERVAL_SECONDS for those of other processes, and once at start for those a
 * stopped process left), the live notices' NOTIFY and LISTEN, and the ending-soon sweep every
 * NOTICE_ENDING_SWEEP_SECONDS (which also drops expired stream tickets). All stop before the server closes.
 */
export const notices = fp(
  async (app) => {
    const { config, db, listen, mailer } = app.ctx;
    const limits = config.notices;
    const noticeEvents = new NoticeEventPublisher(db, app.log);
    const noticeHub = new NoticeEventHub(listen, app.log);
    const noticeMail = new NoticeDispatcher({
      db,
      mailer,
      limits,
      links: app.ctx.storefrontLinks,
      mailFrom: config.mailFrom,
      announce: (event) => noticeEvents.publish(event),
      log: app.log,
    });
    let sweeping: Promise<unknown> | null = null;
    /** Queues the ending-soon notices now (unless a sweep is under way) and mails them; drops expired stream tickets. */
    const endingSweep = (): Promise<unknown> =>
      (sweeping ??= pruneStreamTickets(db)
        .then(() => sweepEndingSoon(db, limits.endingWindowMinutes))
        .then((queued) => {
          if (queued > 0) noticeMail.wake();
          return queued;
        })
        .catch((err: unknown) => app.log.warn({ err }, 'Could not queue the ending-soon notices'))
        .finally(() => (sweeping = null)));
    Object.assign(app.ctx, { noticeMail, noticeHub, endingSweep });

    const timers: NodeJS.Timeout[] = [];
    if (limits.mailIntervalSeconds > 0) {
      timers.push(setInterval(() => noticeMail.wake(), limits.mailIntervalSeconds * 1000));
      app.addHook('onReady', async () => noticeMail.wake());
    }
    if (limits.endingSweepSeconds > 0) {
      timers.push(setInterval(() => void endingSweep(), limits.endingSweepSeconds * 1000));
      app.addHook('onReady', async () => void endingSweep());
    }
    timers.forEach((t) => t.unref());
    app.addHook('preClose', async () => {
      timers.forEach((t) => clearInterval(t));
      await sweeping;
      await noticeMail.stop();
      await noticeEvents.flushed();
      await noticeHub.close();
    });
  },
  { name: 'notices', dependencies: ['database', 'messaging', 'event-streams'] },
);
