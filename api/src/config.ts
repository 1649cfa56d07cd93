import path from 'node:path';

/** Repository root (api/src/config.ts → ../..). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface RateLimitRule {
  /** Requests allowed per window from one IP address. */
  perIp: number;
  /** Requests allowed per window for one email address from one IP address. */
  perEmail: number;
  /**
   * Requests allowed per window for one email address from all addresses together: a higher bar,
   * so a stranger hammering an email from their address does not lock its owner out of theirs.
   */
  perEmailAnywhere: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  corsOrigins: string[];
  /** The front ends' release registry (RELEASES_DIR/registry.json): origins of moved front ends are allowed too. */
  releasesRegistry?: string;
  /** Fixed base of image URLs; when absent it is taken from the request (protocol + Host). */
  publicUrl?: string;
  /** The shop's address (the shell) in links the API mails. */
  storefrontUrl: string;
  smtpUrl?: string;
  outboxDir: string;
  mailFrom: string;
  /** Seed demo data when the products table is empty. */
  seed: boolean;
  /** Folder caching the generated seed pictures (they are deterministic); empty = no cache. */
  seedImageCacheDir: string;
  /** Test-only (SEED_DELAY_MS): pauses, this many ms in all, spread over the demo catalogue's seed (a slow first start on purpose). */
  seedDelayMs: number;
  logLevel: string;
  /** Trust X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  bodyLimit: number;
  /**
   * Memory the catalogue's cached replies may take, every encoding and each reply's objects counted
   * (lib/catalogue-cache.ts). Pages are cached, never the whole table, so it holds at any catalogue size.
   */
  catalogueCacheBytes: number;
  /** A request (headers and body) that has not fully arrived after this long is answered 408. */
  requestTimeoutSeconds: number;
  /** Open connections one client address may hold (not applied behind a trusted proxy). */
  maxConnectionsPerClient: number;
  /** HMAC key of anonymous tokens / OTP hashes; when absent one is generated and kept in the database. */
  tokenSecret?: string;
  tokens: {
    loginTtlSeconds: number;
    anonTtlSeconds: number;
    resetTtlSeconds: number;
    otpTtlSeconds: number;
    otpMaxWrongTries: number;
    proofTtlSeconds: number;
  };
  /** scrypt cost; stored in each hash, so it can be raised later. */
  scrypt: { N: number; r: number; p: number };
  rateLimits: {
    login: RateLimitRule;
    resetRequest: RateLimitRule;
    otpCheck: RateLimitRule;
    signup: RateLimitRule;
    contact: RateLimitRule;
  };
  shipping: { freeFrom: number; fee: number };
  /** Order status moves Processing → Shipped → Delivered this many hours after the order date. */
  orders: { shipAfterHours: number; deliverAfterHours: number };
  /** Photo uploads per user per hour (POST /uploadimage, /upload). */
  uploadsPerHour: number;
  /** Product listings, changes and removals one seller may make per hour (429 above). */
  productWritesPerHour: number;
  /** Megabytes of photos one user may upload per hour. */
  uploadMegabytesPerHour: number;
  /**
   * Auctions: the approved winner's bidder row moves Processing → Shipped → Delivered this many
   * hours after the approval; live event streams (GET /auctionevents/:id) per process and their
   * heartbeat comment interval.
   */
  auctions: {
    shipAfterHours: number;
    deliverAfterHours: number;
    maxEventStreams: number;
    maxEventStreamsPerClient: number;
    heartbeatSeconds: number;
    /** Soft close: a price-changing bid this close to the end moves the end to this long after it. */
    softCloseMinutes: number;
    /** Soft close: the end never moves beyond this long after the listed end. */
    softCloseCapMinutes: number;
  };
  /** The automatic close of due auction items (domains/auctions/close.ts). */
  auctionClose: {
    /** Every API process sweeps for due items at start, then this often (ms); 0: never (tests sweep by hand). */
    sweepMs: number;
    /** Items closed per transaction of a sweep. */
    batch: number;
  };
  /**
   * Notices (outbid, won, lost, sold, unsold, ending soon): the mail dispatcher of every process
   * looks for notices to mail this often (and at once after queueing one), claims at most `mailBatch`
   * for `mailLeaseSeconds` (a process that dies holding them lets another send them after it), and
   * gives a mail up as failed after `mailMaxAttempts`; the ending-soon sweep runs this often and
   * tells watchers and bidders `endingWindowMinutes` before an item's effective end.
   */
  notices: {
    mailIntervalSeconds: number;
    mailBatch: number;
    mailLeaseSeconds: number;
    mailMaxAttempts: number;
    /** A failed mail is tried again after attempts × this. */
    mailRetrySeconds: number;
    endingSweepSeconds: number;
    endingWindowMinutes: number;
    /**
     * An outbid notice is told live at once, but mailed only this long after (0: at once), and
     * then only if it still tells something: the bidder is still outbid on the open item and it
     * is their newest outbid notice for it. A bidding war mails the loser once, not every step.
     */
    outbidMailWindowSeconds: number;
  };
  /**
   * On SIGTERM (docs/operations.md): /readyz answers 503 at once; after `delaySeconds` (time for a
   * load balancer to see it) the server stops accepting, tells event streams to reconnect and
   * finishes the requests in flight; whatever is still running after `timeoutSeconds` is cut.
   */
  shutdown: { delaySeconds: number; timeoutSeconds: number };
  /**
   * GET /metrics (Prometheus text): open to anyone who reaches the port when `token` is unset
   * (development; keep the port private), else only with `Authorization: Bearer <token>`.
   */
  metrics: { token: string | undefined };
}

type Env = Record<string, string | undefined>;

function num(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`Configuration: ${name} must be a non-negative number, got '${raw}'`);
  return n;
}

function rule(
  env: Env,
  prefix: string,
  perIp: number,
  perEmail: number,
  perEmailAnywhere: number,
  windowSeconds: number,
): RateLimitRule {
  return {
    perIp: num(env, `${prefix}_PER_IP`, perIp),
    perEmail: num(env, `${prefix}_PER_EMAIL`, perEmail),
    perEmailAnywhere: num(env, `${prefix}_PER_EMAIL_ANYWHERE`, perEmailAnywhere),
    windowSeconds: num(env, `${prefix}_WINDOW_SECONDS`, windowSeconds),
  };
}

/** Reads the configuration from environment variables (documented in api/README.md). */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = num(env, 'PORT', 4000);
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data', 'pglite')),
    corsOrigins: (
      env.CORS_ORIGINS || 'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003'
    )
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    releasesRegistry: env.RELEASES_DIR ? path.join(path.resolve(env.RELEASES_DIR), 'registry.json') : undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : undefined,
    /** The shop's address in the API's mails, whose /config.json gives their links; the first CORS origin (the shell) unless set. */
    storefrontUrl: (env.STOREFRONT_URL || (env.CORS_ORIGINS || 'http://localhost:3000').split(',')[0]!.trim()).replace(
      /\/$/,
      '',
    ),
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: path.resolve(env.OUTBOX_DIR || path.join(REPO_ROOT, 'api', 'outbox')),
    mailFrom: env.MAIL_FROM || 'Marketplace <no-reply@marketplace.local>',
    seed: env.SEED !== 'false',
    seedImageCacheDir: env.SEED_IMAGE_CACHE_DIR ?? path.join(REPO_ROOT, '.data', 'seed-images'),
    seedDelayMs: num(env, 'SEED_DELAY_MS', 0),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    bodyLimit: num(env, 'BODY_LIMIT', 100 * 1024),
    // At least a byte (0 keeps nothing): the LRU wants a positive budget.
    catalogueCacheBytes: Math.max(1, Math.round(num(env, 'CATALOGUE_CACHE_MB', 64) * 1024 * 1024)),
    requestTimeoutSeconds: num(env, 'REQUEST_TIMEOUT_SECONDS', 30),
    maxConnectionsPerClient: num(env, 'MAX_CONNECTIONS_PER_CLIENT', 256),
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokens: {
      loginTtlSeconds: num(env, 'LOGIN_TOKEN_TTL_SECONDS', 24 * 3600),
      anonTtlSeconds: num(env, 'ANON_TOKEN_TTL_SECONDS', 10 * 60),
      resetTtlSeconds: num(env, 'RESET_TOKEN_TTL_SECONDS', 30 * 60),
      otpTtlSeconds: num(env, 'OTP_TTL_SECONDS', 10 * 60),
      otpMaxWrongTries: num(env, 'OTP_MAX_WRONG_TRIES', 5),
      proofTtlSeconds: num(env, 'PASSWORD_PROOF_TTL_SECONDS', 5 * 60),
    },
    scrypt: {
      N: num(env, 'SCRYPT_N', 2 ** 17),
      r: num(env, 'SCRYPT_R', 8),
      p: num(env, 'SCRYPT_P', 1),
    },
    rateLimits: {
      login: rule(env, 'RATE_LOGIN', 100, 10, 100, 15 * 60),
      resetRequest: rule(env, 'RATE_RESET', 20, 5, 20, 60 * 60),
      // A six-digit code: its guesses are counted per email from everywhere, as strictly as from one address.
      otpCheck: rule(env, 'RATE_OTP', 50, 10, 10, 15 * 60),
      // Roomy enough for an office or a household behind one address.
      signup: rule(env, 'RATE_SIGNUP', 20, 3, 3, 60 * 60),
      contact: rule(env, 'RATE_CONTACT', 30, 5, 5, 60 * 60),
    },
    shipping: {
      freeFrom: num(env, 'SHIPPING_FREE_FROM', 500),
      fee: num(env, 'SHIPPING_FEE', 50),
    },
    orders: {
      shipAfterHours: num(env, 'ORDER_SHIP_AFTER_HOURS', 24),
      deliverAfterHours: num(env, 'ORDER_DELIVER_AFTER_HOURS', 48),
    },
    uploadsPerHour: num(env, 'RATE_UPLOADS_PER_HOUR', 200),
    // Each listing, change or removal drops cached pages in every process and the rendering server.
    productWritesPerHour: num(env, 'RATE_PRODUCT_WRITES_PER_HOUR', 300),
    uploadMegabytesPerHour: num(env, 'RATE_UPLOAD_MB_PER_HOUR', 100),
    auctions: {
      shipAfterHours: num(env, 'AUCTION_SHIP_AFTER_HOURS', 24),
      deliverAfterHours: num(env, 'AUCTION_DELIVER_AFTER_HOURS', 48),
      maxEventStreams: num(env, 'AUCTION_MAX_EVENT_STREAMS', 2000),
      maxEventStreamsPerClient: num(env, 'AUCTION_MAX_EVENT_STREAMS_PER_CLIENT', 20),
      heartbeatSeconds: num(env, 'AUCTION_HEARTBEAT_SECONDS', 15),
      softCloseMinutes: num(env, 'AUCTION_SOFT_CLOSE_MINUTES', 5),
      softCloseCapMinutes: num(env, 'AUCTION_SOFT_CLOSE_CAP_MINUTES', 60),
    },
    auctionClose: {
      sweepMs: num(env, 'AUCTION_CLOSE_SWEEP_MS', 1000),
      batch: num(env, 'AUCTION_CLOSE_BATCH', 500),
    },
    notices: {
      mailIntervalSeconds: num(env, 'NOTICE_MAIL_INTERVAL_SECONDS', 2),
      mailBatch: num(env, 'NOTICE_MAIL_BATCH', 50),
      mailLeaseSeconds: num(env, 'NOTICE_MAIL_LEASE_SECONDS', 120),
      mailMaxAttempts: num(env, 'NOTICE_MAIL_MAX_ATTEMPTS', 5),
      mailRetrySeconds: num(env, 'NOTICE_MAIL_RETRY_SECONDS', 30),
      endingSweepSeconds: num(env, 'NOTICE_ENDING_SWEEP_SECONDS', 60),
      endingWindowMinutes: num(env, 'NOTICE_ENDING_WINDOW_MINUTES', 60),
      outbidMailWindowSeconds: num(env, 'NOTICE_OUTBID_MAIL_WINDOW_SECONDS', 60),
    },
    shutdown: {
      delaySeconds: num(env, 'SHUTDOWN_DELAY_SECONDS', 0),
      timeoutSeconds: num(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10),
    },
    metrics: { token: env.METRICS_TOKEN || undefined },
  };
  return { ...config, ...overrides };
}
