import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { ROUTES } from '@marketplace/shared';

const Shop = lazy(async () => (await loadRemote<{ default: React.ComponentType }>('shop/App'))!);

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Suspense fallback="loading">
      <Routes>
        {ROUTES.filter((r) => r.area === 'shop').map((r) => (
          <Route key={r.path} path={r.path} element={<Shop />} />
        ))}
      </Routes>
    </Suspense>
  </BrowserRouter>,
);
