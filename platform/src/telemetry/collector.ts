import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { LRUCache } from 'lru-cache';
import { BeaconError, parseBeacon } from './beacon';
import { TelemetryFigures } from './figures';

/** The figures' file in the release store, beside the registry. */
export const TELEMETRY_FILE = 'telemetry.json';

/** Beacons one client may send per minute; a page view sends one. */
export const BEACONS_PER_CLIENT_PER_MINUTE = 30;
/** Clients whose counts are kept at once (the oldest forgotten first). */
const CLIENTS_KEPT = 10_000;

export interface CollectorOptions {
  /** Where the figures are kept across restarts (beside the registry). */
  file: string;
  /** Whether a release of a front end may be counted (live, canary or previous). */
  isKnown: (frontEnd: string, release: string) => boolean;
  /** How often the figures are written when they changed (ms). */
  saveEveryMs?: number;
  perClientPerMinute?: number;
  now?: () => number;
}

export interface BeaconAnswer {
  status: 204 | 400 | 413 | 422 | 429;
  message?: string;
}

/**
 * Takes the shell's page-view beacons for one front-end server: checks each (size, schema, known
 * releases: BeaconError), caps what one client may send, counts it, and keeps the figures in a
 * file, written whole and renamed into place, so a restart keeps them and a crash mid-write leaves
 * the previous figures.
 */
export class TelemetryCollector {
  readonly figures: TelemetryFigures;
  private readonly sentByClient: LRUCache<string, { count: number }>;
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: CollectorOptions) {
    this.figures = new TelemetryFigures(options.isKnown, undefined, options.now);
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

  /** Writes the figures now if they changed. */
  save(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const file = this.options.file;
    mkdirSync(dirname(file), { recursive: true });
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
    let text: string;
    try {
      text = readFileSync(this.options.file, 'utf8');
    } catch {
      return; // no figures yet
    }
    this.figures.load(JSON.parse(text));
  }
}
