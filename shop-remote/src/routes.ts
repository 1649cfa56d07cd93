// The shop's routes: the one place their facts are written. Its build writes them into the
// release (routes.json), from which the platform derives robots.txt, the sitemaps and which kept
// pages a catalogue change drops; App.tsx renders the pages.
import type { ComponentType } from 'react';
import type { RouteManifest } from '@marketplace/platform/route-manifest';
import { HomePage } from './pages/home/HomePage';

// Home (where most visits start) comes with the container; every other page is a chunk of its own.
const newArrivals = () => import('./pages/listing/NewArrivalPage').then((m) => m.NewArrivalPage);
const cart = () => import('./pages/cart/CartPage').then((m) => m.CartPage);

export const routes = {
  '/': { page: HomePage, serverRendered: true, sitemap: 'site' },
  '/newarrival': { load: newArrivals, serverRendered: true, sitemap: 'site' },
  '/newarrival/:searchKey': { load: newArrivals, serverRendered: true },
  '/productdetails/:id': {
    load: () => import('./pages/details/ProductDetailsPage').then((m) => m.ProductDetailsPage),
    serverRendered: true,
    sitemap: 'products',
    staleOn: 'shownProducts',
  },
  '/viewcart': { load: cart, private: true },
  '/viewcart/:id': { load: cart, private: true },
  '/emptycart': { load: () => import('./pages/cart/CartPage').then((m) => m.EmptyCartPage), private: true },
  '/checkout': { load: () => import('./pages/checkout/CheckoutPage').then((m) => m.CheckoutPage), private: true },
  '/billconfirm': {
    load: () => import('./pages/checkout/BillConfirmPage').then((m) => m.BillConfirmPage),
    private: true,
  },
  '/addproduct': {
    load: () => import('./pages/addproduct/AddProductPage').then((m) => m.AddProductPage),
    private: true,
  },
  '/review': {
    load: () => import('./pages/reviews/ReviewsPage').then((m) => m.ReviewsPage),
    serverRendered: true,
    sitemap: 'site',
  },
  '/addreview': { load: () => import('./pages/reviews/AddReviewPage').then((m) => m.AddReviewPage), private: true },
  '/wishlist': { load: () => import('./pages/wishlist/WishlistPage').then((m) => m.WishlistPage), private: true },
  '/editproduct/:id': {
    load: () => import('./pages/editproduct/EditProductPage').then((m) => m.EditProductPage),
    private: true,
  },
} satisfies RouteManifest<ComponentType>;
