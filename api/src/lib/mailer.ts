import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A Message-ID of the caller's (a notice's, fixed per notice): a mail sent again after a crash
   * between sending and recording it carries the same id, which mail clients show once.
   */
  messageId?: string;
  /** In outbox mode, the file's name (before `-<to>.eml`) instead of the time: a mail written again overwrites itself. */
  outboxName?: string;
}

export interface Mailer {
  /** Sends in the background; failures are logged, never thrown to the request. */
  sendLater(mail: Mail, logNote?: string): void;
  send(mail: Mail, logNote?: string): Promise<void>;
  /** Resolves once every background send so far has finished (sent, or failed and logged). */
  settled(): Promise<void>;
  /** Waits for background sends, then closes the transport. */
  close(): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
}

/**
 * SMTP (SMTP_URL, over a pool of reused connections) when configured; otherwise every mail is
 * written as an .eml file into the outbox folder and `logNote` (e.g. the reset code) is printed
 * in the log, so a local user can finish the flow without a mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { log } = opts;
  const pending = new Set<Promise<void>>();
  const transport = opts.smtpUrl
    ? // A pool of SMTP connections, each reused for many mails (a mail per order must not cost a
      // connection and a greeting each); `?pool=false` in SMTP_URL turns it off.
      nodemailer.createTransport({ url: opts.smtpUrl, pool: true })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mode = opts.smtpUrl ? 'smtp' : 'outbox';

  async function send(mail: Mail, logNote?: string): Promise<void> {
    const { outboxName, ...message } = mail;
    const info = await transport.sendMail({ from: opts.from, ...message });
    if (mode === 'outbox') {
      const safeTo = mail.to.replace(/[^A-Za-z0-9@._-]/g, '_');
      const name = `${outboxName ? outboxName.replace(/[^A-Za-z0-9._-]/g, '_') : new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}`;
      const file = path.join(opts.outboxDir, `${name}.eml`);
      const written = (info as unknown as { message: Buffer }).message;
      // A named mail is written beside and renamed into place: written again, it replaces its file whole.
      const partial = outboxName ? `${file}.${process.pid}.part` : file;
      // Without blocking the event loop (other requests are served meanwhile); the folder is made when missing.
      await fs.promises.writeFile(partial, written).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
        await fs.promises.mkdir(opts.outboxDir, { recursive: true });
        await fs.promises.writeFile(partial, written);
      });
      if (partial !== file) await fs.promises.rename(partial, file);
      log.info({ file }, `Mail "${mail.subject}" to ${mail.to} written to the outbox${logNote ? `: ${logNote}` : ''}`);
    } else {
      log.info(`Mail "${mail.subject}" sent to ${mail.to}`);
    }
  }

  async function settled(): Promise<void> {
    await Promise.allSettled([...pending]);
  }

  return {
    mode,
    send,
    sendLater(mail, logNote) {
      const p = send(mail, logNote)
        .catch((err) => log.error({ err }, `Could not send mail "${mail.subject}" to ${mail.to}`))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    settled,
    async close() {
      await settled();
      transport.close();
    },
  };
}
