// Runtime configuration of the front ends, read from the environment.
// The shell fetches it as /config.json before it boots, so no URL is baked into a bundle. In
// production the front-end servers derive it from the release store (releases/live.ts); the
// development servers (npm run dev) from the sources, below. No import.meta here: webpack's
// configs and the API's tests load this module as CommonJS (scripts/runtime-config.cjs).
import { join } from 'node:path';
import { FRONT_END_NAMES, FRONT_ENDS, REMOTE_NAMES, type FrontEndName } from '../frontEnds';
import type { RuntimeConfig } from '../render/renderContract';
import { linkTable } from '../routes/routeManifest';
import { sourceRoutesFile } from '../routes/sourceManifest';

export type { RuntimeConfig } from '../render/renderContract';

export type Ports = Record<FrontEndName | 'api', number>;

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
}

/** Each front end's port (<AREA>_PORT, else its default in the list of front ends) and the API's. */
export function ports(): Ports {
  const frontEnds = Object.fromEntries(
    FRONT_ENDS.map(({ area, port: fallback }) => [area, port(`${area.toUpperCase()}_PORT`, fallback)]),
  ) as Record<FrontEndName, number>;
  return { ...frontEnds, api: port('API_PORT', port('PORT', 4000)) };
}

function host(): string {
  return process.env.PUBLIC_HOST || 'localhost';
}

/** A front end's public origin: <AREA>_URL, else its port on PUBLIC_HOST. */
export function originOf(area: FrontEndName): string {
  const envName = `${area.toUpperCase()}_URL`;
  return (process.env[envName] || `http://${host()}:${ports()[area]}`).replace(/\/$/, '');
}

export function apiUrl(): string {
  return (process.env.API_URL || `http://${host()}:${ports().api}`).replace(/\/$/, '');
}

/** The link table (name → pattern) of every front end's manifest in `root`'s sources: /config.json `links`. */
export function sourceLinks(root: string): Record<string, string> {
  const links: Record<string, string> = {};
  for (const { dir } of FRONT_ENDS) {
    for (const [name, path] of Object.entries(linkTable(sourceRoutesFile(join(root, dir)).pages))) links[name] ??= path;
  }
  return links;
}

/** /config.json of the development servers: each remote at the root of its dev server, its routes from `root`'s sources (src/routes.ts). */
export function runtimeConfig(root: string): RuntimeConfig {
  const remotes: Record<string, string> = {};
  const routes: Record<string, readonly string[]> = {};
  const privateRoutes: Record<string, readonly string[]> = {};
  for (const { area, dir } of FRONT_ENDS) {
    if (!(REMOTE_NAMES as readonly string[]).includes(area)) continue;
    const file = sourceRoutesFile(join(root, dir));
    remotes[area] = `${originOf(area)}/mf-manifest.json`;
    routes[area] = file.routes;
    privateRoutes[area] = file.pages.filter((page) => page.private).map((page) => page.path);
  }
  return { apiUrl: apiUrl(), remotes, routes, privateRoutes, links: sourceLinks(root), releases: {} };
}

/** Front-end origins, for the API's CORS list and the pages' Content-Security-Policy. */
export function frontEndOrigins(): string[] {
  return FRONT_END_NAMES.map(originOf);
}
