import { useEffect, type ReactElement } from 'react';
import { Route, Routes, useLocation } from '@marketplace/shared/router';
import { AreaRoutes, NotFound, ROUTES } from '@marketplace/shared';
import { RemoteArea } from './federation/RemoteArea';
import { Layout } from './layout/Layout';
import { SHELL_PAGES } from './pages';

function ScrollToTop(): null {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

/** Every route of the spec, exact and case-sensitive: the owning remote's area or a shell page. */
export function AppRoutes(): ReactElement {
  return (
    <Routes>
      {ROUTES.map(({ path, area }) => (
        <Route
          key={path}
          path={path}
          caseSensitive
          element={area === 'shell' ? <AreaRoutes pages={SHELL_PAGES} /> : <RemoteArea key={area} name={area} />}
        />
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
