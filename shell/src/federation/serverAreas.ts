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
}

export const ServerAreasContext = createContext<ServerAreas | null>(null);

/** Thrown on the server in an area left to the browser: React renders its boundary there. */
export class AreaLeftToBrowser extends Error {
  constructor(readonly area: RemoteName) {
    super(`The ${area} area of this page renders in the browser`);
    this.name = 'AreaLeftToBrowser';
  }
}
