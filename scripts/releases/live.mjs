// What the front-end servers derive from the release store: the runtime configuration the shell
// reads at boot (/config.json) and the front-end bases the Content-Security-Policy allows.
// The registry is read again whenever its file changes, so a promote, rollback or move reaches
// new page loads at once, with no restart; an unreadable registry keeps the last good pointer.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REGISTRY_FILE, readRegistry } from './registry.mjs';
import { REMOTE_NAMES, readRelease } from './store.mjs';

const require = createRequire(import.meta.url);
const { apiUrl, originOf } = require('../runtime-config.cjs');

export class LiveReleases {
  constructor(store, { log = console } = {}) {
    this.store = store;
    this.log = log;
    this.registry = null;
    this.stamp = '';
    this.releases = new Map();
  }

  /** The registry as last read successfully; re-read when its file changed. */
  current() {
    let stamp = 'none';
    try {
      const info = statSync(join(this.store, REGISTRY_FILE));
      stamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
    } catch {
      // no registry yet: nothing is live
    }
    if (stamp !== this.stamp) {
      try {
        this.registry = readRegistry(this.store);
        this.stamp = stamp;
      } catch (error) {
        if (this.failed !== stamp) this.log.error(`[releases] ${error.message}; serving the last good pointer.`);
        this.failed = stamp;
      }
    }
    return this.registry ?? { schema: 1, frontEnds: {}, history: [] };
  }

  liveId(frontEnd) {
    return this.current().frontEnds[frontEnd]?.live ?? null;
  }

  /** A release's metadata (immutable, so kept once read). */
  release(frontEnd, id) {
    const key = `${frontEnd}/${id}`;
    if (!this.releases.has(key)) {
      const release = readRelease(this.store, frontEnd, id);
      if (!release) return null;
      this.releases.set(key, release);
    }
    return this.releases.get(key);
  }

  /** Where a front end's releases are served: the registry's URL, else its server's origin. */
  baseUrl(frontEnd) {
    return this.current().frontEnds[frontEnd]?.url ?? `${originOf(frontEnd)}/`;
  }

  /** The JSON every front-end server answers at /config.json. */
  runtimeConfig() {
    const remotes = {};
    const routes = {};
    const releases = {};
    const shell = this.liveId('shell');
    if (shell) releases.shell = shell;
    for (const name of REMOTE_NAMES) {
      const id = this.liveId(name);
      const release = id && this.release(name, id);
      if (!release) continue;
      remotes[name] = `${this.baseUrl(name)}${id}/mf-manifest.json`;
      routes[name] = release.routes;
      releases[name] = id;
    }
    return { apiUrl: apiUrl(), remotes, routes, releases };
  }

  /** Every base a page may load front-end code from (origins, or origin and path for a sub-path). */
  frontEndSources() {
    return [originOf('shell'), ...REMOTE_NAMES.map((name) => this.baseUrl(name).replace(/^(https?:\/\/[^/]+)\/$/, '$1'))];
  }
}
