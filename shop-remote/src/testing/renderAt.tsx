import type { RenderResult } from '@testing-library/react';
import { renderArea } from '@marketplace/shared/testing';
import ShopApp from '../App';

export { currentPath, toastKind } from '@marketplace/shared/testing';

/** The shop area at `path`, mounted as the shell mounts it; other paths reach the shop's own not-found handling. */
export function renderAt(path: string): RenderResult {
  return renderArea('shop', ShopApp, path, <ShopApp />);
}
