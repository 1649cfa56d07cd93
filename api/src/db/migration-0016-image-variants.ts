import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0016_image_variants (issue 28): smaller copies of every stored photo, in WebP and AVIF, for
 * phones. The PNG in `images` stays the original and the fallback.
 *
 * - image_variants: one row per (photo, format, width), gone with its photo.
 * - images.variants: the widths stored per format (`{"avif": [160, 320, 400], "webp": [...]}`),
 *   `{}` when the photo could not be converted; NULL until they are made (the rows stored before
 *   this migration, which the start's backfill converts: domains/uploads/backfill.ts).
 * - images.variants_claimed_until: a process making them holds the photo until then, so no two
 *   processes convert the same photo; a claim left by a stopped process runs out and is taken over.
 */
export const imageVariantsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE image_variants (
      hash text NOT NULL REFERENCES images (hash) ON DELETE CASCADE,
      format text NOT NULL CHECK (format IN ('avif', 'webp')),
      width integer NOT NULL CHECK (width > 0),
      content bytea NOT NULL,
      bytes integer NOT NULL,
      PRIMARY KEY (hash, format, width)
    )`.execute(db);
    await sql`ALTER TABLE images ADD COLUMN variants jsonb`.execute(db);
    await sql`ALTER TABLE images ADD COLUMN variants_claimed_until timestamptz`.execute(db);
    await sql`CREATE INDEX images_variants_pending_idx ON images (created_at) WHERE variants IS NULL`.execute(db);
  },
};
