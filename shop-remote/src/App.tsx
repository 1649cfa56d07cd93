import type { ReactElement } from 'react';
import { AreaRoutes, pagesOf } from '@marketplace/shared';
import { routes } from './routes';

/** A page for every route of the shop's manifest, by its pattern. */
export const SHOP_PAGES = pagesOf(routes);

export default function ShopApp(): ReactElement {
  return <AreaRoutes pages={SHOP_PAGES} />;
}
