import { type ReactElement } from 'react';
import { AreaRoutes, type PageTable } from '@marketplace/shared';
import {
  AddProductComingSoon,
  AddReviewComingSoon,
  BillConfirmComingSoon,
  CartComingSoon,
  CheckoutComingSoon,
  EmptyCartComingSoon,
  ReviewsComingSoon,
  WishlistComingSoon,
} from './pages/comingSoon/ComingSoonPage';
import { ProductDetailsPage } from './pages/details/ProductDetailsPage';
import { HomePage } from './pages/home/HomePage';
import { NewArrivalPage } from './pages/listing/NewArrivalPage';

/** Every shop route of shared/src/routes.ts, by its pattern. */
export const SHOP_PAGES: PageTable = {
  '/': HomePage,
  '/newarrival': NewArrivalPage,
  '/newarrival/:searchKey': NewArrivalPage,
  '/productdetails/:id': ProductDetailsPage,
  '/viewcart': CartComingSoon,
  '/viewcart/:id': CartComingSoon,
  '/emptycart': EmptyCartComingSoon,
  '/checkout': CheckoutComingSoon,
  '/billconfirm': BillConfirmComingSoon,
  '/addproduct': AddProductComingSoon,
  '/review': ReviewsComingSoon,
  '/addreview': AddReviewComingSoon,
  '/wishlist': WishlistComingSoon,
};

export default function ShopApp(): ReactElement {
  return <AreaRoutes pages={SHOP_PAGES} />;
}
