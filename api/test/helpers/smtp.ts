import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  /**
   * Holds every message before accepting it until `release()`: a request that waited for its mail
   * would not be answered meanwhile.
   */
  holdMails(): { release(): void };
  mails: ReceivedMail[];
  /** SMTP connections opened to this server so far. */
  readonly connections: number;
  /** Waits for the next mail to `to` that arrives after `since` mails were received. */
  waitForMail(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const state: { held: Promise<void> | null; connections: number } = { held: null, connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      state.connections++;
      callback();
    },
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (state.held) void state.held.then(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    holdMails() {
      let release = () => undefined as void;
      state.held = new Promise<void>((resolve) => (release = resolve));
      return {
        release() {
          state.held = null;
          release();
        },
      };
    },
    mails,
    get connections() {
      return state.connections;
    },
    async waitForMail(to, since = 0, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a reset mail. */
export function codeFrom(mail: ReceivedMail): string {
  const m = /reset code is:\s*(\d{6})/.exec(mail.raw);
  if (!m) throw new Error(`No code in mail:\n${mail.raw}`);
  return m[1];
}

/** A mail's text as written, its quoted-printable soft line breaks and escaped bytes (× is =C3=97) decoded. */
export const quotedPrintableDecoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8'));
