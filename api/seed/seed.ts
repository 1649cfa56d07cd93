import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Config } from '../src/config';
import type { Database, VariantFormat } from '../src/db/schema';
import { writeVariants } from '../src/domains/uploads/repository';
import { makeVariants, type MadeVariants } from '../src/domains/uploads/variants';
import { secondsSince, type Report } from '../src/db/progress';
import { hashPassword, sha256Hex } from '../src/lib/crypto';
import { drawProduct } from './pictures';
import { notifyCatalogueChanged } from '../src/lib/catalogue-cache';
import { SEED_COUPONS, SEED_PRODUCTS, SEED_USERS, seedStock, type SeedProduct } from './products';

/** Bump when the drawings change, so cached pictures are redrawn. */
const DRAWING_VERSION = 1;
const pictureCache = new Map<string, Buffer>();

/**
 * Pictures are deterministic: each is drawn once per process and, when a cache folder is
 * given, once per machine (drawing all of them takes a few seconds).
 */
export function productPicture(p: SeedProduct, cacheDir = ''): Buffer {
  const key = `v${DRAWING_VERSION}|${p.kind}|${p.category}|${p.color}|${p.accent}`;
  return cachedPicture(key, cacheDir, () => drawProduct(p.kind, p.category, p.color, p.accent));
}

/** A deterministic picture by key: from this process's memory, else the cache folder, else drawn (and cached). */
export function cachedPicture(key: string, cacheDir: string, draw: () => Buffer): Buffer {
  let png = pictureCache.get(key);
  if (png) return png;
  const file = cacheDir ? path.join(cacheDir, `${createHash('sha1').update(key).digest('hex')}.png`) : '';
  if (file) {
    try {
      png = fs.readFileSync(file);
    } catch {
      /* not cached yet */
    }
  }
  if (!png || png.subarray(1, 4).toString('latin1') !== 'PNG') {
    png = draw();
    if (file) {
      try {
        fs.mkdirSync(cacheDir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, png);
        fs.renameSync(tmp, file);
      } catch {
        /* a cache is optional */
      }
    }
  }
  pictureCache.set(key, png);
  return png;
}

/** Bump when the copies' settings change (domains/uploads/variants.ts), so cached copies are made again. */
const VARIANTS_VERSION = 1;

/**
 * The WebP and AVIF copies of a seed picture, made once per machine when a cache folder is given
 * (making every picture's takes seconds; each test server seeds). Undefined when the picture
 * cannot be converted (it is then stored PNG only, like such an upload).
 */
export async function seedPictureVariants(png: Buffer, cacheDir = ''): Promise<MadeVariants | undefined> {
  const hash = sha256Hex(png);
  const dir = cacheDir ? path.join(cacheDir, `variants-v${VARIANTS_VERSION}`) : '';
  const index = dir ? path.join(dir, `${hash}.json`) : '';
  if (index) {
    try {
      const cached = JSON.parse(fs.readFileSync(index, 'utf8')) as {
        width: number;
        height: number;
        variants: Array<{ format: VariantFormat; width: number }>;
      };
      return {
        ...cached,
        variants: cached.variants.map((v) => ({
          ...v,
          content: fs.readFileSync(path.join(dir, `${hash}-${v.width}.${v.format}`)),
        })),
      };
    } catch {
      /* not cached yet */
    }
  }
  let made: MadeVariants;
  try {
    made = await makeVariants(png);
  } catch {
    return undefined;
  }
  if (index) {
    try {
      fs.mkdirSync(dir, { recursive: true });
      for (const v of made.variants) fs.writeFileSync(path.join(dir, `${hash}-${v.width}.${v.format}`), v.content);
      const listed = {
        width: made.width,
        height: made.height,
        variants: made.variants.map(({ format, width }) => ({ format, width })),
      };
      // The index last, through a rename: a reader sees all of it or none.
      const tmp = `${index}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(listed));
      fs.renameSync(tmp, index);
    } catch {
      /* a cache is optional */
    }
  }
  return made;
}

/** Stores a seed picture with its copies in the seed's transaction (kept as it is when already stored). */
export async function storeSeedPicture(trx: Transaction<Database>, png: Buffer, cacheDir: string): Promise<string> {
  const hash = sha256Hex(png);
  const made = await seedPictureVariants(png, cacheDir);
  await trx
    .insertInto('images')
    .values({ hash, content: png, mime: 'image/png', bytes: png.length, width: 400, height: 400 })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  await writeVariants(trx, hash, made);
  return hash;
}

export interface SeedResult {
  users: number;
  products: number;
  coupons: number;
}

/**
 * Takes a seed's advisory lock for the transaction. When another process holds it (several API
 * processes starting together on one PostgreSQL), says so and waits until that one has committed.
 */
export async function takeSeedLock(trx: Transaction<Database>, key: number, what: string, report: Report) {
  const free = await sql<{ taken: boolean }>`SELECT pg_try_advisory_xact_lock(${sql.lit(key)}) AS taken`.execute(trx);
  if (free.rows[0]?.taken) return;
  report(`Another API process is seeding ${what}; waiting for it…`);
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(key)})`.execute(trx);
}

async function productCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A line every this many products while the catalogue is seeded. */
const REPORT_EVERY = 10;

/**
 * Loads the demo catalogue when the products table is empty (first start): the demo users, the
 * products with their pictures, the coupons. One transaction under an advisory lock: a start
 * killed in the middle leaves none of it behind (the next start seeds again), and of several
 * processes starting together on one PostgreSQL one seeds while the others wait and find it done.
 * Tells its progress through `report` (drawing the pictures takes seconds on a fresh clone).
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: Pick<Config, 'scrypt' | 'seedImageCacheDir' | 'seedDelayMs'>,
  report: Report = () => undefined,
): Promise<SeedResult | null> {
  if ((await productCount(db)) > 0) return null;

  return db.transaction().execute(async (trx) => {
    await takeSeedLock(trx, 7272001, 'the demo catalogue', report);
    if ((await productCount(trx)) > 0) return null;
    const started = Date.now();
    const total = SEED_PRODUCTS.length;
    report(
      `Seeding the demo catalogue (first start): ${total} products, ${SEED_USERS.length} demo users, ${SEED_COUPONS.length} coupons…`,
    );
    // scrypt runs on the thread pool while this thread draws the pictures.
    const hashes = Promise.all(SEED_USERS.map((u) => hashPassword(u.password, config.scrypt)));
    void hashes.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
    const pause = config.seedDelayMs / total;

    const photoHashes: string[] = [];
    for (const p of SEED_PRODUCTS) {
      const hash = await storeSeedPicture(trx, productPicture(p, config.seedImageCacheDir), config.seedImageCacheDir);
      photoHashes.push(hash);
      if (pause) await new Promise((r) => setTimeout(r, pause));
      const done = photoHashes.length;
      if (done % REPORT_EVERY === 0 && done < total)
        report(`Seeding demo catalogue: ${done}/${total} products (${secondsSince(started)})…`);
    }

    const passwordHashes = await hashes;
    const userIds: number[] = [];
    for (const [i, u] of SEED_USERS.entries()) {
      const existing = await trx
        .selectFrom('users')
        .select('userid')
        .where(sql<boolean>`lower(email) = ${u.email.toLowerCase()}`)
        .executeTakeFirst();
      if (existing) {
        userIds.push(existing.userid);
        continue;
      }
      const row = await trx
        .insertInto('users')
        .values({
          firstname: u.firstname,
          lastname: u.lastname,
          email: u.email.toLowerCase(),
          phonenum: u.phonenum,
          createdate: u.createdate,
          gender: u.gender,
          address: JSON.stringify([
            {
              streetadd: `${12 + i * 7}, MG Road`,
              landmark: 'Near City Mall',
              country: 'India',
              state: 'Karnataka',
              city: 'Bengaluru',
              postal: `5600${10 + i}`,
            },
          ]),
          password_hash: passwordHashes[i],
        })
        .returning('userid')
        .executeTakeFirstOrThrow();
      userIds.push(row.userid);
    }

    for (const [i, p] of SEED_PRODUCTS.entries()) {
      await trx
        .insertInto('products')
        .values({
          productname: p.name,
          title: p.category,
          description: p.description,
          price: p.price,
          rating: p.rating,
          photo_hash: photoHashes[i],
          location: p.location,
          userid: userIds[p.seller],
          stock: seedStock(i),
          // The demo catalogue is Fulfilled by Marketplace: it ships on the order clock.
          fulfilled_by: 'marketplace',
        })
        .execute();
    }
    await notifyCatalogueChanged(trx);

    for (const c of SEED_COUPONS) {
      await trx
        .insertInto('coupons')
        .values({
          name: c.name,
          discount: c.discount,
          expires_at: new Date(Date.now() + c.expiresInDays * 86400_000),
          uses_left: c.usesLeft,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    report(
      `Seeded ${total} products, ${SEED_USERS.length} demo users, ${SEED_COUPONS.length} coupons (${secondsSince(started)})`,
    );
    return { users: SEED_USERS.length, products: total, coupons: SEED_COUPONS.length };
  });
}
