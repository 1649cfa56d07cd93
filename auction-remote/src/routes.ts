// The auction's routes: the one place their facts are written. Its build writes them into the
// release (routes.json), from which the platform derives robots.txt, the sitemaps and which kept
// pages an auction item's events drop; App.tsx renders the pages.
import type { ComponentType } from 'react';
import type { RouteManifest } from '@marketplace/platform/route-manifest';
import { AuctionHomePage } from './pages/home/AuctionHomePage';

// The area's landing page comes with the container; every other page is a chunk of its own.

export const routes = {
  '/auction': { page: AuctionHomePage, serverRendered: true, staleOn: 'auctions' },
  '/auctionhome': {
    page: AuctionHomePage,
    serverRendered: true,
    sitemap: 'site',
    staleOn: 'auctions',
    link: 'auctionHome',
  },
  '/addauction': {
    load: () => import('./pages/add/AddAuctionPage').then((m) => m.AddAuctionPage),
    private: true,
    link: 'addAuction',
  },
  '/auctionproduct/:id': {
    load: () => import('./pages/item/AuctionProductPage').then((m) => m.AuctionProductPage),
    serverRendered: true,
    sitemap: 'auctions',
    staleOn: 'auctionItem',
    link: 'auctionProduct',
  },
  '/auctionusers/:id': {
    load: () => import('./pages/bidders/AuctionUsersPage').then((m) => m.AuctionUsersPage),
    private: true,
    link: 'auctionUsers',
  },
  '/auction/watching': {
    load: () => import('./pages/lists/WatchingPage').then((m) => m.WatchingPage),
    private: true,
    link: 'auctionWatching',
  },
  '/auction/mybids': {
    load: () => import('./pages/lists/MyBidsPage').then((m) => m.MyBidsPage),
    private: true,
    link: 'myBids',
  },
  '/auction/selling': {
    load: () => import('./pages/lists/SellingPage').then((m) => m.SellingPage),
    private: true,
    link: 'selling',
  },
} satisfies RouteManifest<ComponentType>;
