import type { RenderResult } from '@testing-library/react';
import { renderArea } from '@marketplace/shared/testing';
import AccountApp from '../App';
import { routes } from '../routes.json';

export { currentPath } from '@marketplace/shared/testing';

/** The account area at `path`, mounted as the shell mounts it. */
export function renderAt(path: string): RenderResult {
  return renderArea(routes, AccountApp, path, <p>outside the account area</p>);
}
