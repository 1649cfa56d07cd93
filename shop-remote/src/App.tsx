import type { ReactElement } from 'react';
import { AreaRoutes, lazyPage, type PageTable } from '@marketplace/shared';
import { HomePage } from './pages/home/HomePage';

// Every page but home (where most visits start) is in its own chunk.
const NewArrivalPage = lazyPage(
  () => import('./pages/listing/NewArrivalPage'),
  (m) => m.NewArrivalPage,
);
const ProductDetailsPage = lazyPage(
  () => import('./pages/details/ProductDetailsPage'),
  (m) => m.ProductDetailsPage,
);
const CartPage = lazyPage(
  () => import('./pages/cart/CartPage'),
  (m) => m.CartPage,
);
const EmptyCartPage = lazyPage(
  () => import('./pages/cart/CartPage'),
  (m) => m.EmptyCartPage,
);
const CheckoutPage = lazyPage(
  () => import('./pages/checkout/CheckoutPage'),
  (m) => m.CheckoutPage,
);
const BillConfirmPage = lazyPage(
  () => import('./pages/checkout/BillConfirmPage'),
  (m) => m.BillConfirmPage,
);
const AddProductPage = lazyPage(
  () => import('./pages/addproduct/AddProductPage'),
  (m) => m.AddProductPage,
);
const ReviewsPage = lazyPage(
  () => import('./pages/reviews/ReviewsPage'),
  (m) => m.ReviewsPage,
);
const AddReviewPage = lazyPage(
  () => import('./pages/reviews/AddReviewPage'),
  (m) => m.AddReviewPage,
);
const WishlistPage = lazyPage(
  () => import('./pages/wishlist/WishlistPage'),
  (m) => m.WishlistPage,
);
const EditProductPage = lazyPage(
  () => import('./pages/editproduct/EditProductPage'),
  (m) => m.EditProductPage,
);

/** Every route of routes.json (the paths the shop's release serves), by its pattern. */
export const SHOP_PAGES: PageTable = {
  '/': HomePage,
  '/newarrival': NewArrivalPage,
  '/newarrival/:searchKey': NewArrivalPage,
  '/productdetails/:id': ProductDetailsPage,
  '/viewcart': CartPage,
  '/viewcart/:id': CartPage,
  '/emptycart': EmptyCartPage,
  '/checkout': CheckoutPage,
  '/billconfirm': BillConfirmPage,
  '/addproduct': AddProductPage,
  '/review': ReviewsPage,
  '/addreview': AddReviewPage,
  '/wishlist': WishlistPage,
  '/editproduct/:id': EditProductPage,
};

export default function ShopApp(): ReactElement {
  return <AreaRoutes pages={SHOP_PAGES} />;
}
