import { type ReactElement } from 'react';
import { AreaRoutes, lazyPage, type PageTable } from '@marketplace/shared';
import { AuctionHomePage } from './pages/home/AuctionHomePage';

// The area's landing page comes with the container; every other page is a chunk of its own.
const AddAuctionPage = lazyPage(
  () => import('./pages/add/AddAuctionPage'),
  (m) => m.AddAuctionPage,
);
const AuctionProductPage = lazyPage(
  () => import('./pages/item/AuctionProductPage'),
  (m) => m.AuctionProductPage,
);
const AuctionUsersPage = lazyPage(
  () => import('./pages/bidders/AuctionUsersPage'),
  (m) => m.AuctionUsersPage,
);

const WatchingPage = lazyPage(
  () => import('./pages/lists/WatchingPage'),
  (m) => m.WatchingPage,
);
const MyBidsPage = lazyPage(
  () => import('./pages/lists/MyBidsPage'),
  (m) => m.MyBidsPage,
);
const SellingPage = lazyPage(
  () => import('./pages/lists/SellingPage'),
  (m) => m.SellingPage,
);

/** Every route of routes.json (the paths the auction's release serves), by its pattern. */
export const AUCTION_PAGES: PageTable = {
  '/auction': AuctionHomePage,
  '/auctionhome': AuctionHomePage,
  '/addauction': AddAuctionPage,
  '/auctionproduct/:id': AuctionProductPage,
  '/auctionusers/:id': AuctionUsersPage,
  '/auction/watching': WatchingPage,
  '/auction/mybids': MyBidsPage,
  '/auction/selling': SellingPage,
};

export default function AuctionApp(): ReactElement {
  return <AreaRoutes pages={AUCTION_PAGES} />;
}
