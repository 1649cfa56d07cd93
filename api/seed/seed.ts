import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../src/config';
import type { Database } from '../src/db/schema';
import { hashPassword, sha256Hex } from '../src/lib/crypto';
import { drawProduct } from './pictures';
import { notifyCatalogueChanged } from '../src/lib/catalogue-cache';
import { SEED_COUPONS, SEED_PRODUCTS, SEED_USERS, type SeedProduct } from './products';

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

export interface SeedResult {
  users: number;
  products: number;
  coupons: number;
}

/**
 * Loads the demo catalogue when the products table is empty (first start). Runs in one
 * transaction under an advisory lock, so two processes starting together seed once.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: Pick<Config, 'scrypt' | 'seedImageCacheDir'>,
  log?: FastifyBaseLogger,
): Promise<SeedResult | null> {
  const count = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(count.n) > 0) return null;

  // Work that needs no database first (password hashes, pictures), then one short transaction.
  const hashes = await Promise.all(SEED_USERS.map((u) => hashPassword(u.password, config.scrypt)));
  const pictures = SEED_PRODUCTS.map((p) => {
    const png = productPicture(p, config.seedImageCacheDir);
    return { png, hash: sha256Hex(png) };
  });

  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(7272001)`.execute(trx);
    const again = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(again.n) > 0) return null;

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
          password_hash: hashes[i],
        })
        .returning('userid')
        .executeTakeFirstOrThrow();
      userIds.push(row.userid);
    }

    const seen = new Set<string>();
    for (const { png, hash } of pictures) {
      if (seen.has(hash)) continue;
      seen.add(hash);
      await trx
        .insertInto('images')
        .values({ hash, content: png, mime: 'image/png', bytes: png.length, width: 400, height: 400 })
        .onConflict((oc) => oc.column('hash').doNothing())
        .execute();
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
          photo_hash: pictures[i].hash,
          location: p.location,
          userid: userIds[p.seller],
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
    log?.debug('Seed data written');
    return { users: SEED_USERS.length, products: SEED_PRODUCTS.length, coupons: SEED_COUPONS.length };
  });
}
