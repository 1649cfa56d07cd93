import type { AuctionItem, BidderRow, Customer } from '@marketplace/shared';

const HOUR = 3600 * 1000;

/** An open item owned by user 1, ending in two days, with two bids (newest first). */
export function auctionItem(overrides: Partial<AuctionItem> = {}): AuctionItem {
  const auctionid = overrides.auctionid ?? 1;
  return {
    auctionid,
    productid: auctionid,
    productname: 'Sunset over the Ghats',
    category: 'Painting',
    description: 'Oil on canvas, 60 × 90 cm.\nSigned by the artist.',
    photo: `http://localhost:4000/images/${auctionid}a.png`,
    photos: [`http://localhost:4000/images/${auctionid}a.png`, `http://localhost:4000/images/${auctionid}b.png`],
    bid: 5000,
    startbid: 4000,
    highbid: 5000,
    rangelowbid: 3000,
    rangehighbid: 9000,
    ageproduct: '25 years',
    time: new Date(Date.now() + 48 * HOUR).toISOString(),
    username: 'ArtLover',
    ownerid: 1,
    status: 'open',
    winner: null,
    bidcount: 2,
    bids: [
      { bid: 5000, nickname: 'Priya', at: '2026-01-02T10:00:00.000Z' },
      { bid: 4500, nickname: 'Rohan', at: '2026-01-01T10:00:00.000Z' },
    ],
    ...overrides,
  };
}

export function customer(userid: number): Customer {
  return {
    userid,
    firstname: 'Asha',
    lastname: 'Verma',
    email: 'asha.verma@example.com',
    phonenum: '9876543210',
    createdate: '1990-01-01',
    gender: 'female',
    address: [],
    authtoken: 'token-asha',
  };
}

export function bidderRow(overrides: Partial<BidderRow> = {}): BidderRow {
  return {
    firstname: 'Rohan',
    lastname: 'Mehta',
    email: 'rohan.mehta@example.com',
    userid: 2,
    auctionid: 1,
    productname: 'Sunset over the Ghats',
    cartdata: 5000,
    status: 'Bidding',
    ...overrides,
  };
}
