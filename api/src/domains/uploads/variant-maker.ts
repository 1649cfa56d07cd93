import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { makeVariants, type MadeVariants } from './variants';
import { claimPendingImage, storeVariants, VARIANTS_CLAIM_SECONDS } from './repository';

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** A backfill tells the caches after this many photos (and at its end), not after each. */
const ANNOUNCE_EVERY = 20;

/**
 * Makes the WebP and AVIF copies of stored photos (`app.ctx.imageVariants`), one conversion at a
 * time in this process (libvips uses the cores it is given; two uploads do not decode together):
 * an upload's photo when it is stored (`makeFor`, awaited by the upload), and the photos stored
 * without copies, e.g. before migration 0016 or by a process stopped mid-way (`backfill`, in the
 * background from the start on). Each photo is claimed in the database first, so across processes
 * one converts it, once; a photo that cannot be converted is recorded so and stays PNG only.
 */
export class VariantMaker {
  private turn: Promise<unknown> = Promise.resolve();
  private backfilling: Promise<string[]> | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Log,
    /** Told after a backfill made copies of photos that replies may already show. */
    private readonly announce: () => Promise<void>,
  ) {}

  /** Makes the copies of the photo `hash` unless they are made or being made; true when this call made them. */
  makeFor(hash: string): Promise<boolean> {
    return this.exclusive(async () => {
      const claimed = await claimPendingImage(this.db, hash);
      return Boolean(claimed && (await this.convertClaimed(claimed)));
    });
  }

  /**
   * Converts every photo without copies that no other process holds, oldest first; resolves with
   * the hashes this process converted. A call while one runs joins it.
   */
  backfill(): Promise<string[]> {
    return (this.backfilling ??= this.runBackfill().finally(() => (this.backfilling = null)));
  }

  /** Backfills once the API answers, then every claim period (a stopped process's claims run out). */
  start(): void {
    void this.backfill();
    this.timer = setInterval(() => void this.backfill(), VARIANTS_CLAIM_SECONDS * 1000);
    this.timer.unref();
  }

  /** Stops after the conversion under way (a claimed photo left unconverted is taken up again later). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.backfilling;
    await this.turn;
  }

  private async runBackfill(): Promise<string[]> {
    const made: string[] = [];
    let unannounced = 0;
    try {
      while (!this.stopped) {
        const round = await this.exclusive(async () => {
          const claimed = await claimPendingImage(this.db);
          return claimed && { hash: await this.convertClaimed(claimed) };
        });
        if (!round) break;
        if (!round.hash) continue; // stored meanwhile by a process whose claim had run out
        made.push(round.hash);
        if (++unannounced >= ANNOUNCE_EVERY) {
          await this.announce();
          unannounced = 0;
        }
      }
    } catch (err) {
      this.log.warn({ err }, 'The backfill of photo copies stopped; it goes on at the next round');
    }
    if (unannounced) await this.announce().catch((err) => this.log.warn({ err }, 'Could not announce photo copies'));
    if (made.length) this.log.info({ photos: made.length }, 'Made the WebP and AVIF copies of stored photos');
    return made;
  }

  /** Converts and stores a claimed photo; its hash when stored by this call. */
  private async convertClaimed(claimed: { hash: string; content: Buffer }): Promise<string | undefined> {
    let made: MadeVariants | undefined;
    try {
      made = await makeVariants(claimed.content);
    } catch (err) {
      this.log.warn({ err, hash: claimed.hash }, 'A photo could not be converted: it is served as PNG only');
    }
    return (await storeVariants(this.db, claimed.hash, made)) ? claimed.hash : undefined;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => undefined);
    return run;
  }
}
