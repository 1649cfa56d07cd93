import type { Kysely } from 'kysely';
import type { Config } from '../src/config';
import type { Database } from '../src/db/schema';
import { secondsSince, type Report } from '../src/db/progress';
import { drawAuctionItem, type AuctionKind } from './auction-pictures';
import { cachedPicture, storeSeedPicture, takeSeedLock } from './seed';
import { SEED_USERS } from './products';

/** Bump when the auction drawings change, so cached pictures are redrawn. */
const AUCTION_DRAWING_VERSION = 1;

export interface SeedAuction {
  productname: string;
  category: 'Currancy' | 'Painting' | 'Sports Items';
  description: string;
  ageproduct: string;
  /** Starting bid (the spec's banner: paintings from Rs. 499, coins and notes from Rs. 999, sports items from Rs. 9999). */
  bid: number;
  rangelowbid: number;
  rangehighbid: number;
  /** Index into SEED_USERS. */
  owner: number;
  /** The owner's nickname. */
  nickname: string;
  endsInHours: number;
  kind: AuctionKind;
  color: string;
  accent: string;
  /** Bids by other demo users, in order (each higher than the last): [SEED_USERS index, amount]. */
  bids: Array<[number, number]>;
}

// prettier-ignore
export const SEED_AUCTIONS: SeedAuction[] = [
  { productname: 'Monsoon over the Western Ghats', category: 'Painting', description: 'Oil on canvas, 24 x 18 inches, signed by the artist. Misty hills after the first rain, in a hand-carved teak frame.', ageproduct: '12 years', bid: 499, rangelowbid: 400, rangehighbid: 2500, owner: 0, nickname: 'ashaart', endsInHours: 70, kind: 'painting', color: '#8fb3d9', accent: '#4f7a3a', bids: [[1, 550], [3, 650]] },
  { productname: 'Lotus Pond at Dawn', category: 'Painting', description: 'Watercolour on handmade paper, 16 x 12 inches, mounted and framed. A quiet village pond in pink morning light.', ageproduct: '5 years', bid: 799, rangelowbid: 600, rangehighbid: 3000, owner: 1, nickname: 'rohan_m', endsInHours: 96, kind: 'lotus', color: '#7fb0c4', accent: '#e77fa6', bids: [] },
  { productname: 'Harvest Festival, Kerala', category: 'Painting', description: 'Acrylic on canvas, 30 x 20 inches. Boats, lamps and the river at Onam; a certificate of authenticity is included.', ageproduct: '8 years', bid: 1499, rangelowbid: 1200, rangehighbid: 6000, owner: 2, nickname: 'priyacollects', endsInHours: 120, kind: 'boats', color: '#f29e6b', accent: '#8a5a2b', bids: [[0, 1600]] },
  { productname: 'King George VI One Rupee Coin, 1947', category: 'Currancy', description: 'Nickel one rupee from the last year of British India, lion reverse. Very fine condition, no cleaning marks.', ageproduct: '78 years', bid: 999, rangelowbid: 800, rangehighbid: 4000, owner: 1, nickname: 'rohan_m', endsInHours: 52, kind: 'coin', color: '#c9c6bd', accent: '#8c877a', bids: [[0, 1100], [3, 1250]] },
  { productname: 'Victoria Half Anna Copper Coin, 1862', category: 'Currancy', description: 'Copper half anna of Queen Victoria, East India Company era design. Even brown patina, clear legend.', ageproduct: '163 years', bid: 2499, rangelowbid: 2000, rangehighbid: 9000, owner: 0, nickname: 'ashaart', endsInHours: 140, kind: 'coin', color: '#b8743c', accent: '#7a4520', bids: [] },
  { productname: 'Gandhi Centenary 10 Rupee Note, 1969', category: 'Currancy', description: 'Commemorative ten rupee note with the seated Gandhi portrait, uncirculated, no folds or pin holes.', ageproduct: '56 years', bid: 1299, rangelowbid: 1000, rangehighbid: 5000, owner: 2, nickname: 'priyacollects', endsInHours: 84, kind: 'note', color: '#e8d6b5', accent: '#7a4a8c', bids: [[3, 1350]] },
  { productname: 'Cricket Bat Signed by a World Cup Squad', category: 'Sports Items', description: 'Full-size English willow bat carrying the signatures of a World Cup winning squad, with a display case and a letter of provenance.', ageproduct: '14 years', bid: 9999, rangelowbid: 8000, rangehighbid: 60000, owner: 2, nickname: 'priyacollects', endsInHours: 60, kind: 'bat', color: '#e3c48f', accent: '#1f3f7a', bids: [[0, 10500], [1, 11000], [0, 12000]] },
  { productname: 'Match Ball from a League Final', category: 'Sports Items', description: 'Official size 5 match ball used in a league final, signed by both captains. Kept in a UV-protected acrylic cube.', ageproduct: '10 years', bid: 12999, rangelowbid: 10000, rangehighbid: 45000, owner: 0, nickname: 'ashaart', endsInHours: 110, kind: 'football', color: '#9aa5b1', accent: '#1b1e24', bids: [] },
  { productname: 'Badminton Racket of a National Champion', category: 'Sports Items', description: 'Carbon racket used in a national championship final, restrung once, with the champion\'s signed kit bag tag.', ageproduct: '6 years', bid: 9999, rangelowbid: 7500, rangehighbid: 30000, owner: 1, nickname: 'rohan_m', endsInHours: 160, kind: 'racket', color: '#d23b4b', accent: '#222831', bids: [[3, 10999]] },
];

export function auctionPicture(a: SeedAuction, cacheDir = ''): Buffer {
  const key = `auction-v${AUCTION_DRAWING_VERSION}|${a.kind}|${a.color}|${a.accent}`;
  return cachedPicture(key, cacheDir, () => drawAuctionItem(a.kind, a.color, a.accent));
}

/**
 * Demo auctions when the auctions table is empty (owned by the demo users, with bids by the
 * other demo users). Skipped when the demo users are missing (a database seeded without them).
 * One transaction under an advisory lock, so two processes starting together seed once and a
 * start killed in the middle leaves nothing behind (the next start seeds them).
 */
export async function seedAuctionsIfEmpty(
  db: Kysely<Database>,
  config: Pick<Config, 'seedImageCacheDir'>,
  report: Report = () => undefined,
): Promise<number> {
  if ((await auctionCount(db)) > 0) return 0;

  return db.transaction().execute(async (trx) => {
    await takeSeedLock(trx, 7272003, 'the demo auctions', report);
    if ((await auctionCount(trx)) > 0) return 0;
    const users = await trx
      .selectFrom('users')
      .select(['userid', 'email'])
      .where(
        'email',
        'in',
        SEED_USERS.map((u) => u.email.toLowerCase()),
      )
      .execute();
    const ids = SEED_USERS.map((u) => users.find((r) => r.email === u.email.toLowerCase())?.userid);
    if (ids.some((id) => id === undefined)) return 0;
    const started = Date.now();
    report(`Seeding the demo auctions: ${SEED_AUCTIONS.length} items…`);
    const pictureHashes: string[] = [];
    for (const a of SEED_AUCTIONS)
      pictureHashes.push(
        await storeSeedPicture(trx, auctionPicture(a, config.seedImageCacheDir), config.seedImageCacheDir),
      );
    const now = Date.now();
    for (const [i, a] of SEED_AUCTIONS.entries()) {
      const current = a.bids.length ? a.bids[a.bids.length - 1][1] : a.bid;
      const row = await trx
        .insertInto('auctions')
        .values({
          userid: ids[a.owner]!,
          nickname: a.nickname,
          productname: a.productname,
          category: a.category,
          description: a.description,
          ageproduct: a.ageproduct,
          startbid: a.bid,
          bid: current,
          highbid: a.bids.length ? current : 0,
          bidcount: a.bids.length,
          // The last bidder leads, at a maximum equal to their bid.
          leader: a.bids.length ? ids[a.bids[a.bids.length - 1][0]]! : null,
          leader_max: a.bids.length ? current : null,
          rangelowbid: a.rangelowbid,
          rangehighbid: a.rangehighbid,
          photo_hashes: JSON.stringify([pictureHashes[i]]),
          end_time: new Date(now + a.endsInHours * 3_600_000),
          // Older items first, so the listing (newest first) shows them in this order reversed.
          created_at: new Date(now - (SEED_AUCTIONS.length - i) * 3_600_000),
        })
        .returning('auctionid')
        .executeTakeFirstOrThrow();
      for (const [j, [bidder, amount]] of a.bids.entries()) {
        await trx
          .insertInto('bids')
          .values({
            auctionid: row.auctionid,
            userid: ids[bidder]!,
            bid: amount,
            created_at: new Date(now - (a.bids.length - j) * 1_800_000),
          })
          .execute();
      }
    }
    report(`Seeded ${SEED_AUCTIONS.length} auction items (${secondsSince(started)})`);
    return SEED_AUCTIONS.length;
  });
}

async function auctionCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('auctions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
