import { useEffect, type ReactElement } from 'react';
import { Route, Routes, useLocation } from '@marketplace/shared/router';
import { AreaRoutes, NotFound } from '@marketplace/shared';
import { AreaErrorBoundary } from './federation/AreaErrorBoundary';
import { RemoteArea } from './federation/RemoteArea';
import { remoteRoutes } from './federation/remoteRoutes';
import { Layout } from './layout/Layout';
import { SHELL_PAGES } from './pages';

function ScrollToTop(): null {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

/** The shell's own pages; a chunk that cannot load is kept inside the page area, as a remote's is. */
function ShellPages(): ReactElement {
  const { pathname, search, hash } = useLocation();
  return (
    <AreaErrorBoundary area="shell" resetKey={pathname} href={`${pathname}${search}${hash}`} onRetry={() => undefined}>
      <AreaRoutes pages={SHELL_PAGES} />
    </AreaErrorBoundary>
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
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function App(): ReactElement {
  return (
    <Layout>
      <ScrollToTop />
      <AppRoutes />
    </Layout>
  );
}
