import { screen, waitFor, type RenderResult } from '@testing-library/react';
import { renderArea } from '@marketplace/shared/testing';
import AccountApp from '../App';
import { routes } from '../routes';

/**
 * The account area at `path`, mounted as the shell mounts it. Resolves once the page's own chunk
 * (React.lazy) has loaded (a redirect the page then makes arrives a moment later: wait for it).
 */
export async function renderAt(path: string): Promise<RenderResult> {
  const result = renderArea(Object.keys(routes), AccountApp, path, <p>outside the account area</p>);
  await waitFor(() => expect(screen.queryByText('Loading page')).toBeNull());
  return result;
}
