import { type ReactElement } from 'react';
import { AreaRoutes, pagesOf } from '@marketplace/shared';
import { routes } from './routes';

/** A page for every route of the auction's manifest, by its pattern. */
export const AUCTION_PAGES = pagesOf(routes);

export default function AuctionApp(): ReactElement {
  return <AreaRoutes pages={AUCTION_PAGES} />;
}
