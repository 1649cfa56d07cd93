import { type ReactElement } from 'react';
import { AreaRoutes, pagesOf } from '@marketplace/shared';
import { routes } from './routes';

/** A page for every route of the account's manifest, by its pattern. */
export const ACCOUNT_PAGES = pagesOf(routes);

export default function AccountApp(): ReactElement {
  return <AreaRoutes pages={ACCOUNT_PAGES} />;
}
