import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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
