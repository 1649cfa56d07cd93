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
  '/': { page: HomePage, serverRendered: true, sitemap: 'site', link: 'home' },
  '/newarrival': { load: newArrivals, serverRendered: true, sitemap: 'site', link: 'newArrivals' },
  '/newarrival/:searchKey': { load: newArrivals, serverRendered: true, link: 'search' },
  '/productdetails/:id': {
    load: () => import('./pages/details/ProductDetailsPage').then((m) => m.ProductDetailsPage),
    serverRendered: true,
    sitemap: 'products',
    staleOn: 'shownProducts',
    link: 'productDetails',
  },
  '/viewcart': { load: cart, private: true, link: 'cart' },
  '/viewcart/:id': { load: cart, private: true, link: 'addToCart' },
  '/emptycart': {
    load: () => import('./pages/cart/CartPage').then((m) => m.EmptyCartPage),
    private: true,
    link: 'emptyCart',
  },
  '/checkout': {
    load: () => import('./pages/checkout/CheckoutPage').then((m) => m.CheckoutPage),
    private: true,
    link: 'checkout',
  },
  '/billconfirm': {
    load: () => import('./pages/checkout/BillConfirmPage').then((m) => m.BillConfirmPage),
    private: true,
    link: 'billConfirm',
  },
  '/addproduct': {
    load: () => import('./pages/addproduct/AddProductPage').then((m) => m.AddProductPage),
    private: true,
    link: 'addProduct',
  },
  '/review': {
    load: () => import('./pages/reviews/ReviewsPage').then((m) => m.ReviewsPage),
    serverRendered: true,
    sitemap: 'site',
    link: 'review',
  },
  '/addreview': {
    load: () => import('./pages/reviews/AddReviewPage').then((m) => m.AddReviewPage),
    private: true,
    link: 'addReview',
  },
  '/wishlist': {
    load: () => import('./pages/wishlist/WishlistPage').then((m) => m.WishlistPage),
    private: true,
    link: 'wishlist',
  },
  '/editproduct/:id': {
    load: () => import('./pages/editproduct/EditProductPage').then((m) => m.EditProductPage),
    private: true,
    link: 'editProduct',
  },
} satisfies RouteManifest<ComponentType>;
