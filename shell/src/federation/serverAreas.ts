import { createContext } from 'react';
import type { RemoteName } from './remotes';

/**
 * During a server render: which areas the page renders there. An area is left to the browser
 * when its route is not one its remote renders on the server (routes.json `serverRendered`: pages
 * that show what a signed-in shopper has are never rendered signed out), or when the remote has no
 * server build. Null in the browser.
 */
export interface ServerAreas {
  rendersOnServer(name: RemoteName): boolean;
  /** How this render loads an area's code (its own releases' server containers, its budget). */
  loading: ServerLoading;
}

/**
 * The rendering server loads an area's code once, within a time budget, with no retries: an area
 * whose code is broken or slow is rendered in the browser instead (its Suspense boundary fails on
 * the server), and the next render tries again (a slow load goes on meanwhile).
 */
export interface ServerLoading {
  budgetMs: number;
  /** This render's server container of `name` (its release's remoteEntry.js). */
  entry(name: RemoteName): string;
  /** The remote's code failed to load: the next attempt starts from its entry again. */
  reset(name: RemoteName): void;
}

export const ServerAreasContext = createContext<ServerAreas | null>(null);

/** Thrown on the server in an area left to the browser: React renders its boundary there. */
export class AreaLeftToBrowser extends Error {
  constructor(readonly area: RemoteName) {
    super(`The ${area} area of this page renders in the browser`);
    this.name = 'AreaLeftToBrowser';
  }
}
