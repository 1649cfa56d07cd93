import type { RenderResult } from '@testing-library/react';
import { renderArea } from '@marketplace/shared/testing';
import AuctionApp from '../App';
import { routes } from '../routes.json';

/** The auction area at `path`, mounted as the shell mounts it; other areas' pages (/login, /) render nothing. */
export function renderAt(path: string): RenderResult {
  return renderArea(routes, AuctionApp, path);
}
