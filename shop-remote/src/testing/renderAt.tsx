import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { routesOf } from '@marketplace/shared';
import ShopApp from '../App';

/** Renders the shop area at a path the way the shell does: one Route per shop path, each mounting the App. */
export function renderAt(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routesOf('shop').map((r) => (
          <Route key={r.path} path={r.path} element={<ShopApp />} />
        ))}
        <Route path="*" element={<ShopApp />} />
      </Routes>
    </MemoryRouter>,
  );
}
