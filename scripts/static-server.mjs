// The front-end servers (no dependencies): gzip, cache headers, CORS for a build's files and a
// Content-Security-Policy.
// startReleaseServer serves one front end's releases from the release store (npm start, production);
// startStaticServer serves a single build folder (the benchmarks, a remote's `npm run serve`).
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { LiveReleases } from './releases/live.mjs';
import { RELEASE_ID } from './releases/store.mjs';

const require = createRequire(import.meta.url);
const { apiUrl, runtimeConfig, frontEndOrigins } = require('./runtime-config.cjs');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Files whose names change with their content can be cached for a year. */
const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|woff2)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `sources`: every base the page may load front-end code from (origins, or origin and path). */
function securityHeaders(apiUrl, sources) {
  const self = sources.join(' ');
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      `script-src 'self' ${self}`,
      `style-src 'self' 'unsafe-inline' ${self}`,
      `img-src 'self' data: blob: ${apiUrl} ${self}`,
      `connect-src 'self' ${apiUrl} ${self}`,
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * A build's index.html refers to its assets relative to itself, so a release folder works wherever
 * it is copied. Served at a client route (/productdetails/5), those URLs are resolved against the
 * folder's public path.
 */
export function resolveAssetUrls(html, base) {
  // Quoted or not (the build minifies the page); absolute URLs, data: and fragments stay as they are.
  return html.replace(/(<(?:script|link)\b[^>]*?\s(?:src|href)=)(["']?)(?!["']|[a-z][a-z0-9+.-]*:|\/|#)/gi, `$1$2${base}`);
}

/** Resolves a path below `base`, or null when it would leave it. */
function inside(base, pathname) {
  const file = normalize(join(base, pathname));
  return file === base || file.startsWith(base + sep) ? file : null;
}

/**
 * The request handling both servers share. `route(pathname)` says what to answer:
 * { file, cache } for a file, { html, cache } for a page, or null for not found.
 */
function frontEndServer({ config, sources, route }) {
  const gzipCache = new Map();
  const compressed = (key, body) => {
    let gz = gzipCache.get(key);
    if (!gz) {
      gz = gzipSync(body, { level: 9 });
      gzipCache.set(key, gz);
      if (gzipCache.size > 2000) gzipCache.delete(gzipCache.keys().next().value);
    }
    return gz;
  };
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url || '/', 'http://localhost');
      const common = {
        Vary: 'Accept-Encoding',
        ...securityHeaders(apiUrl(), sources()),
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...common, Allow: 'GET, HEAD' }).end();
        return;
      }
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] || ''));
      const send = (status, headers, body, key) => {
        if (gzip && key) {
          const gz = compressed(key, body);
          res.writeHead(status, { ...common, ...headers, 'Content-Encoding': 'gzip', 'Content-Length': gz.length });
          res.end(req.method === 'HEAD' ? undefined : gz);
        } else {
          res.writeHead(status, { ...common, ...headers, 'Content-Length': body.length });
          res.end(req.method === 'HEAD' ? undefined : body);
        }
      };
      if (url.pathname === '/config.json') {
        // A preview is one tab's: never stored by a shared cache.
        // Built for this request only: every other file needs just the API's address for its CSP.
        const liveConfig = config(url.searchParams.get('preview'));
        const cache = liveConfig.preview ? 'no-store' : 'no-cache';
        send(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': cache }, Buffer.from(JSON.stringify(liveConfig)));
        return;
      }
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        // Not valid percent-encoded UTF-8 (e.g. /%E0%A4%A): a bad request, not a server error.
        res.writeHead(400, { ...common, 'Content-Type': TYPES['.txt'] }).end('Bad request');
        return;
      }
      if (pathname.includes('\0')) {
        res.writeHead(400, common).end();
        return;
      }
      const answer = await route(pathname, url.pathname);
      if (!answer) {
        res.writeHead(404, { ...common, 'Content-Type': TYPES['.txt'] }).end('Not found');
        return;
      }
      if (answer.status) {
        res.writeHead(answer.status, { ...common, 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-cache' }).end(answer.text);
        return;
      }
      if (answer.html !== undefined) {
        send(200, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache' }, Buffer.from(answer.html), answer.key);
        return;
      }
      const { file, info, cache } = answer;
      const type = TYPES[extname(file)] || 'application/octet-stream';
      // Files of a build are read across origins (the shell fetches a remote's manifest and
      // stylesheets); pages and /config.json are read by their own origin only.
      const headers = { 'Content-Type': type, 'Cache-Control': cache, 'Access-Control-Allow-Origin': '*' };
      if (/^(text|application\/json|image\/svg)/.test(type) && gzip) {
        send(200, headers, await readFile(file), `${file}:${info.mtimeMs}`);
        return;
      }
      res.writeHead(200, { ...common, ...headers, 'Content-Length': info.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end();
      console.error(error);
    }
  });
}

async function fileInfo(file) {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? info : null;
}

async function listen(server, port, host) {
  await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolvePromise);
  });
  return server;
}

/**
 * Serves one front end's releases: /<release id>/… from the store (every file of a release is
 * immutable, so kept ones stay loadable by pages that started on them), /config.json derived from
 * the registry, and the live release's page at any other path without an extension.
 * @param {{ store: string, frontEnd: string, port: number, host?: string, live?: LiveReleases }} options
 */
export async function startReleaseServer({ store, frontEnd, port, host = process.env.HOST || '0.0.0.0', live = new LiveReleases(store) }) {
  const base = resolve(store, frontEnd);
  const pages = new Map();
  const server = frontEndServer({
    config: (preview) => live.runtimeConfig({ preview }),
    sources: () => live.frontEndSources(),
    async route(pathname, rawPath) {
      const [, first, ...rest] = pathname.split('/');
      if (RELEASE_ID.test(first) && live.release(frontEnd, first)) {
        const file = inside(join(base, first), rest.join('/'));
        const info = file && (await fileInfo(file));
        return info ? { file, info, cache: IMMUTABLE } : null;
      }
      if (extname(rawPath)) return null;
      // A client-side route: the live release's page decides what to show, its not-found page included.
      const id = live.liveId(frontEnd);
      if (!id) return { status: 503, text: `No release of ${frontEnd} is live yet: see 'npm run release -- status'.` };
      if (!pages.has(id)) pages.set(id, resolveAssetUrls(await readFile(join(base, id, 'index.html'), 'utf8'), `/${id}/`));
      return { html: pages.get(id), key: `page:${id}` };
    },
  });
  return listen(server, port, host);
}

/**
 * Serves a single build folder at the root, /config.json from the environment.
 * @param {{ root: string, port: number, host?: string }} options
 */
export async function startStaticServer({ root, port, host = process.env.HOST || '0.0.0.0' }) {
  const base = resolve(root);
  const server = frontEndServer({
    config: () => runtimeConfig(),
    sources: frontEndOrigins,
    async route(pathname, rawPath) {
      const file = inside(base, pathname);
      if (!file) return null;
      const info = await fileInfo(file);
      if (info && extname(file) !== '.html') return { file, info, cache: HASHED.test(file) ? IMMUTABLE : 'no-cache' };
      if (!info && extname(rawPath)) return null;
      const page = join(base, 'index.html');
      const pageInfo = await fileInfo(page);
      if (!pageInfo) return null;
      return { html: resolveAssetUrls(await readFile(page, 'utf8'), '/'), key: `page:${pageInfo.mtimeMs}` };
    },
  });
  return listen(server, port, host);
}
