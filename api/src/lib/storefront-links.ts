import { LinkError, linkPath, type LinkParams } from '@marketplace/contract/rules';

/** A mail's link: the absolute URL of the page the live releases link as `name` (a page's linkTo, for mails). */
export type MailLinkTo = (name: string, params?: LinkParams) => string;

/** What the links say when they go wrong (app.log). */
export interface LinksLog {
  warn(fields: object, message: string): void;
}

export interface StorefrontLinksOptions {
  log: LinksLog;
  /** How long a table read is used before /config.json is read again. */
  maxAgeMs?: number;
  /** How soon a read that failed is tried again. */
  retryMs?: number;
  /** How long a read may take. */
  timeoutMs?: number;
  now?: () => number;
}

const MAX_AGE_MS = 5 * 60_000;
const RETRY_MS = 30_000;
const TIMEOUT_MS = 5_000;

/** The live link table of a /config.json reply, or null when it carries none that is well formed. */
function linksOf(body: unknown): Record<string, string> | null {
  const links = (body as { links?: unknown } | null)?.links;
  if (typeof links !== 'object' || links === null || Array.isArray(links)) return null;
  const entries = Object.entries(links);
  return entries.length > 0 && entries.every(([, pattern]) => typeof pattern === 'string' && pattern.startsWith('/'))
    ? (links as Record<string, string>)
    : null;
}

/**
 * The links of the API's mails, by name, from the storefront's /config.json `links` (the live
 * releases' manifests, as the pages resolve theirs): a path a front end's release changes reaches
 * the mails with no API release, and a mail links the page's own URL. The table read is kept
 * `maxAgeMs`; when a read fails the last good table stays (and a read is tried again after
 * `retryMs`). Until a table was ever read, and for a name the table lacks, a mail links the
 * storefront's home page rather than a wrong path (and the log says why).
 */
export class StorefrontLinks {
  private table: Readonly<Record<string, string>> | null = null;
  /** When the next read is due. */
  private dueAt = -Infinity;
  private reading: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly storefrontUrl: string,
    private readonly options: StorefrontLinksOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The mails' linkTo over the live table (read first when the kept one is due). */
  async linkTo(): Promise<MailLinkTo> {
    if (this.now() >= this.dueAt) await (this.reading ??= this.read().finally(() => (this.reading = null)));
    const table = this.table;
    const home = `${this.storefrontUrl}/`;
    return (name, params) => {
      if (!table) return home;
      try {
        return `${this.storefrontUrl}${linkPath(table, name, params)}`;
      } catch (err) {
        if (!(err instanceof LinkError)) throw err;
        this.options.log.warn({ err }, 'A mail links the home page: the live link table cannot make its link');
        return home;
      }
    };
  }

  private async read(): Promise<void> {
    const url = `${this.storefrontUrl}/config.json`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const links = linksOf(await response.json());
      if (!links) throw new Error(`${url} carries no link table`);
      this.table = links;
      this.dueAt = this.now() + (this.options.maxAgeMs ?? MAX_AGE_MS);
    } catch (err) {
      this.dueAt = this.now() + (this.options.retryMs ?? RETRY_MS);
      this.options.log.warn(
        { err },
        this.table
          ? "Could not read the storefront's links: mails use the last table read"
          : "Could not read the storefront's links: mails link the home page until they can be read",
      );
    }
  }
}
