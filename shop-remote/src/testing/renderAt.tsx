import { screen, waitFor, type RenderResult } from '@testing-library/react';
import { renderArea } from '@marketplace/shared/testing';
import ShopApp from '../App';
import { routes } from '../routes';

/**
 * The shop area at `path`, mounted as the shell mounts it; other paths reach the shop's own
 * not-found handling. Resolves once the page's own chunk (React.lazy) has loaded (a redirect
 * the page then makes arrives a moment later: wait for it).
 */
export async function renderAt(path: string): Promise<RenderResult> {
  const result = renderArea(Object.keys(routes), ShopApp, path, <ShopApp />);
  await waitFor(() => expect(screen.queryByText('Loading page')).toBeNull());
  return result;
}
