import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, VariantFormat } from '../../db/schema';
import { widthsOf, type MadeVariants } from './variants';

/** A checked PNG, stored once by its content hash (a second upload of the same bytes keeps the first row). */
export async function storeImage(
  db: Kysely<Database>,
  image: { hash: string; content: Buffer; width: number; height: number; uploadedBy: number },
): Promise<void> {
  await db
    .insertInto('images')
    .values({
      hash: image.hash,
      content: image.content,
      mime: 'image/png',
      bytes: image.content.length,
      width: image.width,
      height: image.height,
      uploaded_by: image.uploadedBy,
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

export async function imageExists(db: Kysely<Database>, hash: string): Promise<boolean> {
  return Boolean(await db.selectFrom('images').select('hash').where('hash', '=', hash).executeTakeFirst());
}

export function imageByHash(db: Kysely<Database>, hash: string) {
  return db.selectFrom('images').select(['content', 'mime']).where('hash', '=', hash).executeTakeFirst();
}

/** Whether every hash is a PNG this API stored (the photos of products and auction items must be). */
export async function areStoredPngs(db: Kysely<Database>, hashes: string[]): Promise<boolean> {
  const stored = await db
    .selectFrom('images')
    .select('hash')
    .where('hash', 'in', hashes)
    .where('mime', '=', 'image/png')
    .execute();
  return stored.length === hashes.length;
}

/** How long a process holds a photo whose variants it is making; a stopped process's claim runs out. */
export const VARIANTS_CLAIM_SECONDS = 300;

/**
 * Claims a photo whose variants are not made yet, for this process, for VARIANTS_CLAIM_SECONDS:
 * the one named, or else the oldest unclaimed one. Undefined when there is none (made, or claimed
 * by another process). One UPDATE: of processes claiming together, one gets each photo.
 */
export async function claimPendingImage(
  db: Kysely<Database>,
  hash?: string,
): Promise<{ hash: string; content: Buffer } | undefined> {
  const unclaimed = sql<boolean>`variants IS NULL AND (variants_claimed_until IS NULL OR variants_claimed_until < now())`;
  const target = hash
    ? sql`${hash}`
    : sql`(SELECT hash FROM images WHERE ${unclaimed} ORDER BY created_at, hash LIMIT 1 FOR UPDATE SKIP LOCKED)`;
  const { rows } = await sql<{ hash: string; content: Uint8Array }>`
    UPDATE images SET variants_claimed_until = now() + make_interval(secs => ${VARIANTS_CLAIM_SECONDS})
    WHERE hash = ${target} AND ${unclaimed}
    RETURNING hash, content`.execute(db);
  const row = rows[0];
  return row && { hash: row.hash, content: Buffer.from(row.content) };
}

/**
 * Stores a claimed photo's variants, or that it could not be converted (`made` undefined: it stays
 * PNG only), and its size when unknown, once: false, with nothing written, when they were stored
 * meanwhile (by a process whose claim had run out).
 */
export function storeVariants(db: Kysely<Database>, hash: string, made: MadeVariants | undefined): Promise<boolean> {
  return db.transaction().execute((trx) => writeVariants(trx, hash, made));
}

/** storeVariants inside the caller's transaction (the seed stores its pictures' copies with them). */
export async function writeVariants(
  trx: Transaction<Database>,
  hash: string,
  made: MadeVariants | undefined,
): Promise<boolean> {
  const updated = await trx
    .updateTable('images')
    .set({
      variants: JSON.stringify(made ? widthsOf(made.variants) : {}),
      variants_claimed_until: null,
      ...(made && {
        width: sql<number>`coalesce(width, ${made.width})`,
        height: sql<number>`coalesce(height, ${made.height})`,
      }),
    })
    .where('hash', '=', hash)
    .where('variants', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  if (made?.variants.length)
    await trx
      .insertInto('image_variants')
      .values(
        made.variants.map((v) => ({
          hash,
          format: v.format,
          width: v.width,
          content: v.content,
          bytes: v.content.length,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  return true;
}

/** A stored variant's bytes, if that copy exists. */
export function variantByKey(db: Kysely<Database>, hash: string, format: VariantFormat, width: number) {
  return db
    .selectFrom('image_variants')
    .select('content')
    .where('hash', '=', hash)
    .where('format', '=', format)
    .where('width', '=', width)
    .executeTakeFirst();
}

/** Size and variant widths of the photos among `hashes` whose variants are made. */
export function variantSummaries(db: Kysely<Database>, hashes: string[]) {
  if (!hashes.length) return Promise.resolve([]);
  return db
    .selectFrom('images')
    .select(['hash', 'width', 'height', 'variants'])
    .where('hash', 'in', [...new Set(hashes)])
    .where('variants', 'is not', null)
    .execute();
}
