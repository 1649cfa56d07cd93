export {};

/**
 * Records of later issues (auctions). Types only for now: the routes
 * arrive with their issues. JSON-in-text fields of the spec are real JSON arrays here, and
 * photos are URLs (DECISIONS.md).
 */

// Orders, order lines, pay info and reviews moved to orders.ts and shop.ts (shop issue).

// Auction records (AuctionItem, Bid, BidderRow, BidderStatus) moved to auctions.ts (auction issue).
