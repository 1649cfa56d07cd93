import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { SEED_PRODUCTS } from '../seed/products';
import { SEED_AUCTIONS, auctionPicture } from '../seed/auctions';
import { productPicture, seedPictureVariants } from '../seed/seed';
import { ensurePgliteTemplate } from './helpers/pglite-template';

/**
 * Once per run, before any suite: the PGlite template and the demo pictures (and their copies) on disk. Drawing the
 * pictures takes seconds in plain Node but over a minute inside Jest's module sandbox, which would
 * eat the first suites' hook timeouts on a fresh clone.
 */
export default async function globalSetup(): Promise<void> {
  // Where each test file adds how many replies it checked against the OpenAPI document (global-teardown.ts sums them).
  const log = path.join(os.tmpdir(), `mkt-reply-conformance-${process.pid}.jsonl`);
  fs.writeFileSync(log, '');
  process.env.REPLY_CONFORMANCE_LOG = log;
  const { seedImageCacheDir } = loadConfig({});
  const pictures = [
    ...SEED_PRODUCTS.map((p) => productPicture(p, seedImageCacheDir)),
    ...SEED_AUCTIONS.map((a) => auctionPicture(a, seedImageCacheDir)),
  ];
  // Their WebP and AVIF copies too: each test server seeds them.
  for (const png of pictures) await seedPictureVariants(png, seedImageCacheDir);
  await ensurePgliteTemplate();
}
