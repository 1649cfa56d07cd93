import type { ComponentType, ReactElement } from 'react';
import type { RouteManifest } from '@marketplace/platform/route-manifest';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { App } from '../src/App';
import type { RemoteName } from '../src/federation/remotes';
import { setRemoteRoutes } from '../src/federation/remoteRoutes';
import { routes as shopRoutes } from '../../shop-remote/src/routes';
import { routes as accountRoutes } from '../../account-remote/src/routes';
import { routes as auctionRoutes } from '../../auction-remote/src/routes';

/** The routes the remotes' releases declare (their manifests' paths), as /config.json gives them to the shell. */
export const LIVE_ROUTES = {
  shop: Object.keys(shopRoutes),
  account: Object.keys(accountRoutes),
  auction: Object.keys(auctionRoutes),
};

/** Those of the remotes' routes their manifests mark private, as /config.json gives them (privateRoutes). */
export const LIVE_PRIVATE_ROUTES = {
  shop: privateOf(shopRoutes),
  account: privateOf(accountRoutes),
  auction: privateOf(auctionRoutes),
};

function privateOf(manifest: RouteManifest): string[] {
  return Object.entries(manifest)
    .filter(([, entry]) => entry.private)
    .map(([path]) => path);
}

/** Stands in for a remote's `./App`: says which area rendered and for which path. */
export function fakeRemoteApp(name: RemoteName): { default: ComponentType } {
  function FakeApp(): ReactElement {
    const { pathname } = useLocation();
    return (
      <p>
        {name} area at {pathname}
      </p>
    );
  }
  return { default: FakeApp };
}

let navigateNow: NavigateFunction | null = null;

/** Where the router is now, for assertions about navigation; also lets a test navigate in the app. */
export function LocationProbe(): ReactElement {
  const { pathname } = useLocation();
  navigateNow = useNavigate();
  return (
    <div data-testid="location" hidden>
      {pathname}
    </div>
  );
}

/** An in-app navigation (as a link, a redirect or the browser's Back would make), outside act(). */
export function navigateInApp(to: string): void {
  if (!navigateNow) throw new Error('render the app first');
  void navigateNow(to);
}

/** The whole shell (header, area, footer, toasts) at a path, with the remotes' routes (and private ones) as given. */
export function renderApp(
  path: string,
  routes: Partial<Record<RemoteName, readonly string[]>> = LIVE_ROUTES,
  privateRoutes: Partial<Record<RemoteName, readonly string[]>> = LIVE_PRIVATE_ROUTES,
): RenderResult {
  setRemoteRoutes(routes, privateRoutes);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** renderApp for one of the shell's own pages, each in its own chunk: resolves once it is shown. */
export async function renderShellPage(path: string): Promise<RenderResult> {
  const result = renderApp(path);
  await waitFor(() => expect(screen.queryByText('Loading page')).toBeNull());
  return result;
}
