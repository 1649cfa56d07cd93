// TEMPORARY until shared/src/api exports the auction types.
export interface AuctionBid { bid: number; nickname: string; at: string }
export interface Auction {
  auctionid: number; productname: string; category: string; description: string; photo: string; photos: string[];
  bid: number; highbid: number; rangelowbid: number; rangehighbid: number; ageproduct: string; time: string;
  username: string; ownerid: number; status: 'open' | 'closed'; winner: string | null; bids: AuctionBid[];
}
