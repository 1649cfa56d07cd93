// The mail the API sends, read from its outbox ($E2E_DATA_DIR/outbox, one .eml per mail, named
// `{ISO time}-{recipient}.eml`): the test stack has no SMTP server.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Decodes the quoted-printable soft breaks and escapes a mail body may carry. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest reset mail to `email` in the API's outbox ($E2E_DATA_DIR/outbox, one .eml per mail,
 * named `{ISO time}-{recipient}.eml`) that is not one of `seen`; polls until it is there.
 */
export async function readResetCode(
  email: string,
  { seen = [] as string[], timeout = 10_000 } = {},
): Promise<{ code: string; file: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through e2e/run.mjs');
  const outbox = join(dataDir, 'outbox');
  const suffix = `-${email.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
  const deadline = Date.now() + timeout;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.toLowerCase().endsWith(suffix.toLowerCase()) && !seen.includes(f));
    } catch {
      // no mail written yet
    }
    const newest = files.sort().at(-1);
    if (newest) {
      const mail = decodeQuotedPrintable(readFileSync(join(outbox, newest), 'utf8'));
      const match = /reset code is:?\s*([A-Za-z0-9]{6})\b/i.exec(mail);
      if (match) return { code: match[1], file: newest };
    }
    if (Date.now() > deadline)
      throw new Error(
        `no reset mail for ${email} in ${outbox} within ${timeout} ms (files: ${files.join(', ') || 'none'})`,
      );
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The mails to `email` in the API's outbox ($E2E_DATA_DIR/outbox) whose text matches `pattern`. */
export function mailsTo(email: string, pattern: RegExp): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through e2e/run.mjs');
  const outbox = join(dataDir, 'outbox');
  const suffix = `-${email.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`.toLowerCase();
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.toLowerCase().endsWith(suffix));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(join(outbox, f), 'utf8')))
    .filter((mail) => pattern.test(mail));
}

/** Waits for a mail to `email` matching `pattern`; returns it. */
export async function waitForMail(email: string, pattern: RegExp, timeout = 10_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = mailsTo(email, pattern);
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${pattern} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
