import type { BidderRow } from '@marketplace/shared';

/** A bidder on item 1 of user 1 (the kit's auctionItem()), as GET /getUserAuction answers. */
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
