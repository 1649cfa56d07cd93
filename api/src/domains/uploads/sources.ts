import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
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

type VariantSummary = Awaited<ReturnType<typeof variantSummaries>>[number];

/**
 * Summaries of photos whose copies are made, per database. A photo's copies are made once and
 * never change (images.variants is set only while null, and a hash names its bytes), so a summary
 * read once stays true; a photo still without copies is asked again each time. Bounded in count.
 */
const summariesByDb = new WeakMap<Kysely<Database>, LRUCache<string, VariantSummary>>();
const MAX_SUMMARIES = 20_000;

async function summariesOf(db: Kysely<Database>, hashes: string[]): Promise<VariantSummary[]> {
  let cache = summariesByDb.get(db);
  if (!cache) summariesByDb.set(db, (cache = new LRUCache({ max: MAX_SUMMARIES })));
  const known: VariantSummary[] = [];
  const unknown: string[] = [];
  for (const hash of new Set(hashes)) {
    const summary = cache.get(hash);
    if (summary) known.push(summary);
    else unknown.push(hash);
  }
  if (!unknown.length) return known;
  const read = await variantSummaries(db, unknown);
  for (const summary of read) cache.set(summary.hash, summary);
  return [...known, ...read];
}

/** The copies of each photo among `hashes` that has some (one query for a page of replies, none once known). */
export async function photoSourcesOf(
  db: Kysely<Database>,
  base: string,
  hashes: Array<string | undefined>,
): Promise<Map<string, PhotoSources>> {
  const rows = await summariesOf(
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
