import { linkPath, noticeTarget, type LinkParams, type NoticeData, type NoticeKind } from '@marketplace/contract/rules';
import { renderScope } from './remote/renderScope';

// ---------------------------------------------------------------- links by name (the live manifests')

/** The live link table: this server render's, else the page's runtime config's (empty before it is read). */
function liveLinks(): Readonly<Record<string, string>> {
  return (
    (typeof window !== 'undefined' ? window.__MARKETPLACE_CONFIG__?.links : undefined) ?? renderScope()?.links ?? {}
  );
}

/**
 * The path of the page a manifest names `name` (its route's `link`), from the live releases'
 * manifests (/config.json `links`): an area links to another's page with no path of its own, so a
 * path changed in the other's release reaches this area's links without a release of it.
 * `params` fill the route's `:params`; the others become the query ('manageOrder', { orderid: 5 }
 * → '/myaccount/manageorder?orderid=5'). An unknown name or a missing parameter is a LinkError
 * (the contract's linkPath), never a link to nowhere.
 */
export function linkTo(name: string, params: LinkParams = {}): string {
  return linkPath(liveLinks(), name, params);
}

// ---------------------------------------------------------------- notices

/** The page a notice is about and what a link to it says (its live toast links there; its mail, the same). */
export function noticeLink(n: { kind: NoticeKind; auctionid: number | null; data: NoticeData }): {
  to: string;
  label: string;
} {
  return noticeTarget(n, linkTo);
}
