import { loadConfig } from '../src/config';
import { SEED_PRODUCTS } from '../seed/products';
import { SEED_AUCTIONS, auctionPicture } from '../seed/auctions';
import { productPicture } from '../seed/seed';
import { ensurePgliteTemplate } from './helpers/pglite-template';

/**
 * Once per run, before any suite: the PGlite template and the demo pictures on disk. Drawing the
 * pictures takes seconds in plain Node but over a minute inside Jest's module sandbox, which would
 * eat the first suites' hook timeouts on a fresh clone.
 */
export default async function globalSetup(): Promise<void> {
  const { seedImageCacheDir } = loadConfig({});
  for (const p of SEED_PRODUCTS) productPicture(p, seedImageCacheDir);
  for (const a of SEED_AUCTIONS) auctionPicture(a, seedImageCacheDir);
  await ensurePgliteTemplate();
}
