import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { BeaconError, parseBeacon } from './beacon';
import { RELEASES_KEPT, TelemetryFigures, type StoredReleaseFigures } from './figures';

/**
 * The figures' folder in the release store, beside the registry: one file per shell server
 * (`<instance>.json`), each written by its server alone, pooled when a canary is judged.
 */
export const TELEMETRY_DIR = 'telemetry';
/** Where one server kept its figures before there could be several (taken over by the first). */
export const LEGACY_TELEMETRY_FILE = 'telemetry.json';
/** Another server's file not written for this long is from a server gone: removed, not pooled. */
const SERVER_GONE_MS = 7 * 24 * 60 * 60 * 1000;
/** Other servers' files pooled at most (the most recently written). */
const SERVERS_POOLED = 32;

/** Beacons one client may send per minute; a page view sends one. */
export const BEACONS_PER_CLIENT_PER_MINUTE = 30;
/** Clients whose counts are kept at once (the oldest forgotten first). */
const CLIENTS_KEPT = 10_000;

export interface CollectorOptions {
  /** The release store: the figures are kept in its telemetry/ folder, across restarts. */
  store: string;
  /** This server's name among the shell servers sharing the store (its file's name). */
  instance: string;
  /** Whether a release of a front end may be counted (live, canary or previous). */
  isKnown: (frontEnd: string, release: string) => boolean;
  /** When a release's figures start (a running canary's start; 0 for others): older ones give way. */
  countedSince?: (frontEnd: string, release: string) => number;
  /** How often the figures are written when they changed (ms). */
  saveEveryMs?: number;
  perClientPerMinute?: number;
  now?: () => number;
}

/** A server's name as a file name: letters, digits, '.', '_' and '-'. */
export function instanceName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  if (!safe || safe.startsWith('.')) throw new Error(`'${name}' cannot name a telemetry file.`);
  return safe;
}

/**
 * Leaves out a canary's figures counted before it started (its release may have been served
 * before, as a previous live one): a canary is judged by its own views.
 */
export function sinceCanariesStarted(
  canaries: readonly { frontEnd: string; release: string; startedAt: string }[],
): (part: StoredReleaseFigures) => boolean {
  const starts = new Map(canaries.map((c) => [`${c.frontEnd}@${c.release}`, Date.parse(c.startedAt)]));
  return (part) => (part.since ?? part.updatedAt) >= (starts.get(`${part.frontEnd}@${part.release}`) ?? 0);
}

/**
 * Every shell server's figures in `store`, pooled (the counts of each release summed), but for the
 * file of `exceptInstance` (the caller's own, which it holds in memory); `keep` leaves out a part
 * (a canary's figures from before it started). A file that cannot be read or is not valid is left
 * out: one damaged server's file does not blind the others.
 */
export function pooledFigures(
  store: string,
  { exceptInstance, keep }: { exceptInstance?: string; keep?: (part: StoredReleaseFigures) => boolean } = {},
  now = Date.now(),
): TelemetryFigures {
  // Every release of every file pooled (own, the others, the legacy file): none is pushed out.
  const pooled = new TelemetryFigures(() => true, RELEASES_KEPT * (SERVERS_POOLED + 2));
  const dir = join(store, TELEMETRY_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json') && name !== `${exceptInstance}.json`);
  } catch {
    names = [];
  }
  const files = names
    .map((name) => {
      try {
        return { file: join(dir, name), written: statSync(join(dir, name)).mtimeMs };
      } catch {
        return null; // removed meanwhile
      }
    })
    .filter((f): f is { file: string; written: number } => f !== null)
    .sort((a, b) => b.written - a.written);
  for (const { file, written } of files.slice(0, SERVERS_POOLED)) {
    if (now - written > SERVER_GONE_MS) {
      try {
        unlinkSync(file);
      } catch {
        // another server removed it first
      }
      continue;
    }
    try {
      pooled.add(JSON.parse(readFileSync(file, 'utf8')), keep);
    } catch {
      // being replaced, or damaged: left out of this pooling
    }
  }
  if (exceptInstance === undefined) {
    try {
      pooled.add(JSON.parse(readFileSync(join(store, LEGACY_TELEMETRY_FILE), 'utf8')), keep);
    } catch {
      // none (taken over by a server), or damaged
    }
  }
  return pooled;
}

export interface BeaconAnswer {
  status: 204 | 400 | 413 | 422 | 429;
  message?: string;
}

/**
 * Takes the shell's page-view beacons for one front-end server: checks each (size, schema, known
 * releases: BeaconError), caps what one client may send, counts it, and keeps the figures in its
 * own file of the store's telemetry/ folder, written whole and renamed into place, so a restart
 * keeps them, a crash mid-write leaves the previous figures, and servers sharing the store never
 * write over each other's.
 */
export class TelemetryCollector {
  readonly figures: TelemetryFigures;
  private readonly sentByClient: LRUCache<string, { count: number }>;
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: CollectorOptions) {
    this.figures = new TelemetryFigures(options.isKnown, undefined, options.now, options.countedSince);
    this.sentByClient = new LRUCache({ max: CLIENTS_KEPT, ttl: 60_000, ttlAutopurge: false });
    this.load();
  }

  /** Takes one beacon's raw body from `client` (its address). */
  take(body: Buffer | string, client: string): BeaconAnswer {
    const sent = this.sentByClient.get(client) ?? { count: 0 };
    if (sent.count >= (this.options.perClientPerMinute ?? BEACONS_PER_CLIENT_PER_MINUTE))
      return { status: 429, message: 'Too many beacons from this client; try again in a minute.' };
    if (sent.count === 0) this.sentByClient.set(client, sent);
    sent.count++;
    let beacon;
    try {
      beacon = parseBeacon(body);
    } catch (error) {
      if (error instanceof BeaconError) return { status: error.status, message: error.message };
      throw error;
    }
    if (!this.figures.record(beacon))
      return { status: 422, message: 'The beacon names a release this site does not serve.' };
    this.changed();
    return { status: 204 };
  }

  /** This server's file. */
  get file(): string {
    return join(this.options.store, TELEMETRY_DIR, `${this.options.instance}.json`);
  }

  /**
   * This server's figures with every other shell server's in the store (their files, as last
   * written): what a canary is judged by when several servers take its beacons.
   */
  pooled(keep?: (part: StoredReleaseFigures) => boolean): TelemetryFigures {
    const pooled = pooledFigures(this.options.store, { exceptInstance: this.options.instance, keep });
    pooled.add(this.figures.toStored(), keep);
    return pooled;
  }

  /** Writes the figures now if they changed. */
  save(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const file = this.file;
    mkdirSync(join(this.options.store, TELEMETRY_DIR), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.figures.toStored()));
    renameSync(temporary, file);
  }

  /** Writes what is pending and stops the timer (the server is stopping). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.save();
  }

  private changed(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.save();
    }, this.options.saveEveryMs ?? 5_000);
    this.timer.unref();
  }

  private load(): void {
    const file = this.file;
    // The one file of the time before several servers: the first server to start takes it over.
    try {
      statSync(file);
    } catch {
      try {
        mkdirSync(join(this.options.store, TELEMETRY_DIR), { recursive: true });
        renameSync(join(this.options.store, LEGACY_TELEMETRY_FILE), file);
      } catch {
        // none, or another server took it
      }
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // no figures yet
    }
    this.figures.load(JSON.parse(text));
  }
}
