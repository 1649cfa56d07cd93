// What the front-end servers derive from the release store: the runtime configuration the shell
// reads at boot (/config.json) and the front-end bases the Content-Security-Policy allows.
// The registry is read again whenever its file changes, so a promote, rollback or move reaches
// new page loads at once, with no restart; an unreadable registry keeps the last good pointer.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REGISTRY_FILE, readRegistry } from './registry.mjs';
import { RELEASE_ID, REMOTE_NAMES, readRelease } from './store.mjs';

const require = createRequire(import.meta.url);
const { apiUrl, originOf } = require('../runtime-config.cjs');

export class LiveReleases {
  /**
   * @param {string} store
   * @param {{ log?: Pick<Console, 'error'> }} [options] where an unreadable registry is reported
   */
  constructor(store, { log = console } = {}) {
    this.store = store;
    this.log = log;
    this.registry = null;
    this.stamp = '';
    this.releases = new Map();
    this.error = null;
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
        this.error = null;
      } catch (error) {
        if (this.failed !== stamp) this.log.error(`[releases] ${error.message}; serving the last good pointer.`);
        this.failed = stamp;
        /** Why the registry as it is now on disk cannot be read (null: it was read). */
        this.error = error.message;
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

  /**
   * The JSON every front-end server answers at /config.json. `preview` ('shop@<id>[,account@<id>]',
   * from ?preview= of one tab's request) puts published releases of remotes in place of the live
   * ones for that request only; one that is not a published release of a remote is refused in
   * words (previewError) and the live one is kept.
   * @param {{ preview?: string }} [request]
   */
  runtimeConfig({ preview } = {}) {
    const remotes = {};
    const routes = {};
    const releases = {};
    const shell = this.liveId('shell');
    if (shell) releases.shell = shell;
    const add = (name, id) => {
      const release = id && this.release(name, id);
      if (!release) return false;
      remotes[name] = `${this.baseUrl(name)}${id}/mf-manifest.json`;
      routes[name] = release.routes;
      releases[name] = id;
      return true;
    };
    for (const name of REMOTE_NAMES) add(name, this.liveId(name));
    if (!preview) return { apiUrl: apiUrl(), remotes, routes, releases };
    const previewed = {};
    const refused = [];
    for (const wanted of String(preview).split(',').slice(0, 4)) {
      const [name, id] = wanted.split('@');
      if (REMOTE_NAMES.includes(name) && RELEASE_ID.test(id ?? '') && add(name, id)) previewed[name] = id;
      else refused.push(wanted);
    }
    return {
      apiUrl: apiUrl(),
      remotes,
      routes,
      releases,
      preview: previewed,
      ...(refused.length
        ? { previewError: `No published release of a remote to preview: ${refused.join(', ').slice(0, 200)}` }
        : {}),
    };
  }

  /** Every base a page may load front-end code from (origins, or origin and path for a sub-path). */
  frontEndSources() {
    return [
      originOf('shell'),
      ...REMOTE_NAMES.map((name) => this.baseUrl(name).replace(/^(https?:\/\/[^/]+)\/$/, '$1')),
    ];
  }
}
