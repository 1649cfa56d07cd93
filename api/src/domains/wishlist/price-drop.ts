import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { StorefrontLinks } from '../../lib/storefront-links';
import { priceWatchers } from './repository';
import { priceDropMail } from './rules';

/** Watchers are mailed a batch at a time (their rows read by keyset, never all at once). */
const WATCHER_BATCH = 500;

/** One mail to each watcher of a product whose price went down (call after the change committed). */
export async function mailPriceDrop(
  db: Kysely<Database>,
  mailer: Mailer,
  links: StorefrontLinks,
  product: { productid: number; productname: string },
  was: number,
  now: number,
): Promise<void> {
  const linkTo = await links.linkTo();
  const link = linkTo('productDetails', { id: product.productid });
  let after = 0;
  for (;;) {
    const watchers = await priceWatchers(db, product.productid, after, WATCHER_BATCH);
    for (const w of watchers) mailer.sendLater(priceDropMail(w, product, was, now, link));
    if (watchers.length < WATCHER_BATCH) return;
    after = watchers[watchers.length - 1]!.alertid;
  }
}
