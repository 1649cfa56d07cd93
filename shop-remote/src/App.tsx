import { type ReactElement } from 'react';
import { AreaRoutes, type PageTable } from '@marketplace/shared';
import { AddProductPage } from './pages/addproduct/AddProductPage';
import { CartPage, EmptyCartPage } from './pages/cart/CartPage';
import { BillConfirmPage } from './pages/checkout/BillConfirmPage';
import { CheckoutPage } from './pages/checkout/CheckoutPage';
import { ProductDetailsPage } from './pages/details/ProductDetailsPage';
import { HomePage } from './pages/home/HomePage';
import { NewArrivalPage } from './pages/listing/NewArrivalPage';
import { AddReviewPage } from './pages/reviews/AddReviewPage';
import { ReviewsPage } from './pages/reviews/ReviewsPage';
import { WishlistPage } from './pages/wishlist/WishlistPage';

/** Every shop route of shared/src/routes.ts, by its pattern. */
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
};

export default function ShopApp(): ReactElement {
  return <AreaRoutes pages={SHOP_PAGES} />;
}
