import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ENDS_AT, publicAuctions } from '../auctions/repository';
import type { SitemapListName } from './rules';

/** A list's highest id, 0 when it is empty (the primary key's last entry). */
export async function highestId(db: Kysely<Database>, list: SitemapListName): Promise<number> {
  const row =
    list === 'products'
      ? await db
          .selectFrom('products')
          .select((eb) => eb.fn.max('productid').as('highest'))
          .executeTakeFirst()
      : await publicAuctions(db)
          .select((eb) => eb.fn.max('auctions.auctionid').as('highest'))
          .executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/*
 * A page's entries come back as one JSON text (`[{"id":1},…]`, the contract's SitemapEntry list)
 * built by the database: a page of 50,000 rows read as row objects cost the event loop 100 to
 * 400 ms (the driver's parsing of each row and its dates), the text costs a few milliseconds.
 * Ids and ISO times need no escaping. ORDER BY inside the aggregate keeps the id order.
 */

/** ISO 8601 in UTC with milliseconds, as Date.prototype.toISOString writes it. */
const isoText = (time: ReturnType<typeof sql>) =>
  sql<string>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The products with ids from `first` to `last`, in id order, as a JSON list of entries: the
 * primary key's range, nothing else read (products record no time of their last change, so no
 * lastModified).
 */
export async function productEntriesJson(db: Kysely<Database>, first: number, last: number): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select(
      sql<string>`'[' || coalesce(string_agg('{"id":' || productid || '}', ',' ORDER BY productid), '') || ']'`.as(
        'items',
      ),
    )
    .where('productid', '>=', first)
    .where('productid', '<=', last)
    .executeTakeFirstOrThrow();
  return row.items;
}

/**
 * The public auction items with ids from `first` to `last`, in id order (the primary key's
 * range), as a JSON list of entries, each with the time its page last changed: its last bid or
 * approval (updated_at), or its end once that has passed and came later (the page then shows it
 * closed), by the database clock.
 */
export async function auctionEntriesJson(db: Kysely<Database>, first: number, last: number): Promise<string> {
  const modified = isoText(sql`GREATEST(auctions.updated_at, CASE WHEN ${ENDS_AT} <= now() THEN ${ENDS_AT} END)`);
  const row = await publicAuctions(db)
    .select(
      sql<string>`'[' || coalesce(string_agg('{"id":' || auctions.auctionid || ',"lastModified":"' || ${modified} || '"}', ',' ORDER BY auctions.auctionid), '') || ']'`.as(
        'items',
      ),
    )
    .where('auctions.auctionid', '>=', first)
    .where('auctions.auctionid', '<=', last)
    .executeTakeFirstOrThrow();
  return row.items;
}
