import { useEffect, type ReactElement, type ReactNode } from 'react';
import { matchPath, Route, Routes, useLocation } from '@marketplace/shared/router';
import { AreaRoutes, useNoindex } from '@marketplace/shared';
import { AreaErrorBoundary } from './federation/AreaErrorBoundary';
import { RemoteArea } from './federation/RemoteArea';
import { remoteRoutes } from './federation/remoteRoutes';
import { Layout } from './layout/Layout';
import { PreviousPathProvider } from './navigation';
import { NotFoundPage, SHELL_PAGES } from './pages';
import { routes as shellRoutes } from './routes';
import type { RouteManifest } from '@marketplace/platform/route-manifest';

function ScrollToTop(): null {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

/** Whether the route serving `pathname` is marked private by its manifest: the shell's own, or its remote's live release's. */
export function isPrivatePath(pathname: string): boolean {
  const matches = (path: string) => matchPath({ path, end: true, caseSensitive: true }, pathname) !== null;
  const own = Object.entries(shellRoutes as RouteManifest).find(([path]) => matches(path));
  if (own) return own[1].private === true;
  return remoteRoutes().find(({ path }) => matches(path))?.private === true;
}

/** Keeps the private routes out of search results (robots noindex), whatever their pages say. */
function PrivateRouteNoindex(): null {
  useNoindex(isPrivatePath(useLocation().pathname));
  return null;
}

/** One of the shell's own pages; a chunk that cannot load is kept inside the page area, as a remote's is. */
function ShellArea({ children }: { children: ReactNode }): ReactElement {
  const { pathname, search, hash } = useLocation();
  return (
    <AreaErrorBoundary area="shell" resetKey={pathname} href={`${pathname}${search}${hash}`} onRetry={() => undefined}>
      {children}
    </AreaErrorBoundary>
  );
}

function ShellPages(): ReactElement {
  return (
    <ShellArea>
      <AreaRoutes pages={SHELL_PAGES} />
    </ShellArea>
  );
}

function NotFoundRoute(): ReactElement {
  return (
    <ShellArea>
      <NotFoundPage />
    </ShellArea>
  );
}

/**
 * Every route, exact and case-sensitive: the shell's own pages, and each remote's area on the
 * routes its live release declares (runtime config); anything else is not found.
 */
export function AppRoutes(): ReactElement {
  return (
    <Routes>
      {Object.keys(SHELL_PAGES).map((path) => (
        <Route key={path} path={path} caseSensitive element={<ShellPages />} />
      ))}
      {remoteRoutes().map(({ path, area }) => (
        <Route key={path} path={path} caseSensitive element={<RemoteArea key={area} name={area} />} />
      ))}
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}

export function App(): ReactElement {
  return (
    <PreviousPathProvider>
      <Layout>
        <ScrollToTop />
        <PrivateRouteNoindex />
        <AppRoutes />
      </Layout>
    </PreviousPathProvider>
  );
}
