// What the front-end servers derive from the release store: the runtime configuration the shell
// reads at boot (/config.json) and the front-end bases the Content-Security-Policy allows.
// The registry is read again whenever its file changes, so a promote, rollback or move reaches
// new page loads at once, with no restart; an unreadable registry keeps the last good pointer.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apiUrl, originOf, type RuntimeConfig } from '../config/runtimeConfig';
import { servesCanary } from '../canary/bucket';
import { FRONT_END_NAMES, REMOTE_NAMES, isRemoteName, type FrontEndName } from '../frontEnds';
import { linkTable, type RouteFacts } from '../routes/routeManifest';
import { REGISTRY_FILE, emptyRegistry, readRegistry, type Canary, type Registry } from './registry';
import { RoutePages, firstProblem } from './schemas';
import { RELEASE_ID, readRelease, type Release } from './store';

/** What the platform reads of a release's routes.json. */
interface ReleaseRoutes {
  serverRendered: readonly string[];
  pages: readonly RouteFacts[];
}

export class LiveReleases {
  readonly store: string;
  readonly log: Pick<Console, 'error'>;
  /** The registry as last read successfully. */
  registry: Registry | null = null;
  /** Why the registry as it is now on disk cannot be read (null: it was read). */
  error: string | null = null;
  #stamp = '';
  #failed = '';
  readonly #releases = new Map<string, Release>();
  readonly #routeFiles = new Map<string, ReleaseRoutes>();

  /** `log`: where an unreadable registry is reported. */
  constructor(store: string, { log = console }: { log?: Pick<Console, 'error'> } = {}) {
    this.store = store;
    this.log = log;
  }

  /** The registry as last read successfully; re-read when its file changed. */
  current(): Registry {
    let stamp = 'none';
    try {
      const info = statSync(join(this.store, REGISTRY_FILE));
      stamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
    } catch {
      // no registry yet: nothing is live
    }
    if (stamp !== this.#stamp) {
      try {
        this.registry = readRegistry(this.store);
        this.#stamp = stamp;
        this.error = null;
      } catch (error) {
        const message = (error as Error).message;
        if (this.#failed !== stamp) this.log.error(`[releases] ${message}; serving the last good pointer.`);
        this.#failed = stamp;
        this.error = message;
      }
    }
    return this.registry ?? emptyRegistry();
  }

  liveId(frontEnd: FrontEndName): string | null {
    return this.current().frontEnds[frontEnd]?.live ?? null;
  }

  /** The canaries running now, by front end. */
  canaries(): (Canary & { frontEnd: FrontEndName })[] {
    const registry = this.current();
    return FRONT_END_NAMES.flatMap((frontEnd) => {
      const canary = registry.frontEnds[frontEnd]?.canary;
      return canary ? [{ ...canary, frontEnd }] : [];
    });
  }

  /** The front ends whose running canary serves this visitor (none without a visitor id). */
  canariesFor(visitor: string | undefined): FrontEndName[] {
    if (!visitor) return [];
    return this.canaries()
      .filter((c) => servesCanary(visitor, c.frontEnd, c.percent))
      .map((c) => c.frontEnd);
  }

  /** The release of `frontEnd` a visitor gets: its canary's when `canaries` (canariesFor) names it, else the live one. */
  servedId(frontEnd: FrontEndName, canaries: readonly FrontEndName[]): string | null {
    return (
      (canaries.includes(frontEnd) && this.current().frontEnds[frontEnd]?.canary?.release) || this.liveId(frontEnd)
    );
  }

  /** Whether the site serves this release of a front end now: live, previous or canary (telemetry counts only these). */
  serves(frontEnd: string, id: string): boolean {
    const pointer = this.current().frontEnds[frontEnd as FrontEndName];
    return !!pointer && (pointer.live === id || pointer.previous === id || pointer.canary?.release === id);
  }

  /** A release's metadata (immutable, so kept once read); null when there is none or it cannot be read (logged). */
  release(frontEnd: FrontEndName, id: string): Release | null {
    const key = `${frontEnd}/${id}`;
    let release = this.#releases.get(key);
    if (!release) {
      try {
        release = readRelease(this.store, frontEnd, id) ?? undefined;
      } catch (error) {
        this.log.error(`[releases] ${(error as Error).message}`);
      }
      if (!release) return null;
      this.#releases.set(key, release);
    }
    return release;
  }

  /**
   * A release's route facts (its routes.json `pages`); none for a release without them, or whose
   * file cannot be read (logged).
   */
  pages(frontEnd: FrontEndName, id: string): readonly RouteFacts[] {
    return this.#routesFile(frontEnd, id).pages;
  }

  /** The routes a release renders on the server (routes.json `serverRendered`, among its `routes`). */
  serverRendered(frontEnd: FrontEndName, id: string): readonly string[] {
    return this.#routesFile(frontEnd, id).serverRendered;
  }

  /** A release's routes.json as the platform uses it: immutable, so read once. */
  #routesFile(frontEnd: FrontEndName, id: string): ReleaseRoutes {
    const key = `${frontEnd}/${id}`;
    let read = this.#routeFiles.get(key);
    if (!read) {
      read = { serverRendered: [], pages: [] };
      try {
        const { routes, serverRendered, pages } = JSON.parse(
          readFileSync(join(this.store, frontEnd, id, 'routes.json'), 'utf8'),
        ) as { routes?: unknown; serverRendered?: unknown; pages?: unknown };
        if (Array.isArray(routes) && Array.isArray(serverRendered))
          read.serverRendered = serverRendered.filter(
            (path): path is string => typeof path === 'string' && routes.includes(path),
          );
        if (pages !== undefined && !firstProblem(RoutePages, pages)) read.pages = pages as RouteFacts[];
        else if (pages !== undefined) this.log.error(`[releases] ${key}'s routes.json has pages it cannot describe`);
      } catch (error) {
        // A shell release may have no routes.json (its routes are its own).
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          this.log.error(`[releases] ${(error as Error).message}`);
      }
      this.#routeFiles.set(key, read);
    }
    return read;
  }

  /** Where a front end's releases are served: the registry's URL, else its server's origin. */
  baseUrl(frontEnd: FrontEndName): string {
    return this.current().frontEnds[frontEnd]?.url ?? `${originOf(frontEnd)}/`;
  }

  /**
   * The JSON every front-end server answers at /config.json. `preview` ('shop@<id>[,account@<id>]',
   * from ?preview= of one tab's request) puts published releases of remotes in place of the live
   * ones for that request only; one that is not a published release of a remote is refused in
   * words (previewError) and the live one is kept. `canaries`: the front ends whose canary release
   * is served in place of the live one (the visitor's buckets: canariesFor).
   */
  runtimeConfig({
    preview,
    canaries = [],
  }: { preview?: string | null; canaries?: readonly FrontEndName[] } = {}): RuntimeConfig {
    const remotes: Record<string, string> = {};
    const routes: Record<string, readonly string[]> = {};
    const privateRoutes: Record<string, readonly string[]> = {};
    const releases: Record<string, string> = {};
    const shell = this.servedId('shell', canaries);
    if (shell) releases.shell = shell;
    const pagesOf: Partial<Record<FrontEndName, readonly RouteFacts[]>> = shell
      ? { shell: this.pages('shell', shell) }
      : {};
    const add = (name: FrontEndName, id: string | null | undefined): boolean => {
      const release = id ? this.release(name, id) : null;
      if (!id || !release) return false;
      remotes[name] = `${this.baseUrl(name)}${id}/mf-manifest.json`;
      routes[name] = release.routes ?? [];
      pagesOf[name] = this.pages(name, id);
      privateRoutes[name] = (pagesOf[name] ?? []).filter((page) => page.private).map((page) => page.path);
      releases[name] = id;
      return true;
    };
    for (const name of REMOTE_NAMES) add(name, this.servedId(name, canaries));
    // Only when some route is private: configs of releases built before the facts stay as they were.
    const facts = () => {
      const named = Object.entries(privateRoutes).filter(([, paths]) => paths.length);
      // The first front end to name a link keeps it (the shell, then the remotes in the list's order).
      const links: Record<string, string> = {};
      for (const pages of Object.values(pagesOf))
        for (const [name, path] of Object.entries(linkTable(pages))) links[name] ??= path;
      return {
        ...(named.length ? { privateRoutes: Object.fromEntries(named) } : {}),
        ...(Object.keys(links).length ? { links } : {}),
      };
    };
    if (!preview) return { apiUrl: apiUrl(), remotes, routes, ...facts(), releases };
    const previewed: Record<string, string> = {};
    const refused: string[] = [];
    for (const wanted of String(preview).split(',').slice(0, 4)) {
      const [name, id] = wanted.split('@');
      if (isRemoteName(name) && RELEASE_ID.test(id ?? '') && add(name, id)) previewed[name] = id;
      else refused.push(wanted);
    }
    return {
      apiUrl: apiUrl(),
      remotes,
      routes,
      ...facts(),
      releases,
      preview: previewed,
      ...(refused.length
        ? { previewError: `No published release of a remote to preview: ${refused.join(', ').slice(0, 200)}` }
        : {}),
    };
  }

  /** Every base a page may load front-end code from (origins, or origin and path for a sub-path). */
  frontEndSources(): string[] {
    return [
      originOf('shell'),
      ...REMOTE_NAMES.map((name) => this.baseUrl(name).replace(/^(https?:\/\/[^/]+)\/$/, '$1')),
    ];
  }
}
