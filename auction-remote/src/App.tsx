import { type ReactElement } from 'react';
import { AreaRoutes, type PageTable } from '@marketplace/shared';
import { AddAuctionPage } from './pages/add/AddAuctionPage';
import { AuctionUsersPage } from './pages/bidders/AuctionUsersPage';
import { AuctionHomePage } from './pages/home/AuctionHomePage';
import { AuctionProductPage } from './pages/item/AuctionProductPage';

/** Every route of routes.json (the paths the auction's release serves), by its pattern. */
export const AUCTION_PAGES: PageTable = {
  '/auction': AuctionHomePage,
  '/auctionhome': AuctionHomePage,
  '/addauction': AddAuctionPage,
  '/auctionproduct/:id': AuctionProductPage,
  '/auctionusers/:id': AuctionUsersPage,
};

export default function AuctionApp(): ReactElement {
  return <AreaRoutes pages={AUCTION_PAGES} />;
}
