import type { Kysely } from 'kysely';
import type { PhotoSources } from '@marketplace/contract';
import { variantUrl } from '../../context';
import type { Database, VariantWidths } from '../../db/schema';
import { VARIANT_FORMATS } from './variants';
import { variantSummaries } from './repository';

/** What a reply says of a photo's copies, or undefined when it has none (then its PNG alone). */
export function photoSources(
  base: string,
  image: { hash: string; width: number | null; height: number | null; variants: VariantWidths | null },
): PhotoSources | undefined {
  const { hash, width, height, variants } = image;
  if (!width || !height || !variants) return undefined;
  const sources: PhotoSources = { width, height };
  for (const format of VARIANT_FORMATS) {
    const widths = variants[format];
    if (widths?.length) sources[format] = widths.map((w) => `${variantUrl(base, hash, format, w)} ${w}w`).join(', ');
  }
  return sources.avif || sources.webp ? sources : undefined;
}

/** The copies of each photo among `hashes` that has some (one query for a page of replies). */
export async function photoSourcesOf(
  db: Kysely<Database>,
  base: string,
  hashes: Array<string | undefined>,
): Promise<Map<string, PhotoSources>> {
  const rows = await variantSummaries(
    db,
    hashes.filter((h): h is string => Boolean(h)),
  );
  const byHash = new Map<string, PhotoSources>();
  for (const row of rows) {
    const sources = photoSources(base, row);
    if (sources) byHash.set(row.hash, sources);
  }
  return byHash;
}
