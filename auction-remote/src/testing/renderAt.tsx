import { screen, waitFor, type RenderResult } from '@testing-library/react';
import { renderArea } from '@marketplace/shared/testing';
import AuctionApp from '../App';
import { routes } from '../routes';

/**
 * The auction area at `path`, mounted as the shell mounts it; other areas' pages (/login, /)
 * render nothing. Resolves once the page's own chunk (React.lazy) has loaded.
 */
export async function renderAt(path: string): Promise<RenderResult> {
  const result = renderArea(Object.keys(routes), AuctionApp, path);
  await waitFor(() => expect(screen.queryByText('Loading page')).toBeNull());
  return result;
}
