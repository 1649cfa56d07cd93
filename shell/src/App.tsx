import { useEffect, type ReactElement, type ReactNode } from 'react';
import { Route, Routes, useLocation } from '@marketplace/shared/router';
import { AreaRoutes } from '@marketplace/shared';
import { AreaErrorBoundary } from './federation/AreaErrorBoundary';
import { RemoteArea } from './federation/RemoteArea';
import { remoteRoutes } from './federation/remoteRoutes';
import { Layout } from './layout/Layout';
import { PreviousPathProvider } from './navigation';
import { NotFoundPage, SHELL_PAGES } from './pages';

function ScrollToTop(): null {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
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
        <AppRoutes />
      </Layout>
    </PreviousPathProvider>
  );
}
