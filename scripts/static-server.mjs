// A small production static server for one front end's dist/ folder (no dependencies).
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { runtimeConfig, frontEndOrigins } = require('./runtime-config.cjs');

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

function securityHeaders(apiUrl) {
  const self = frontEndOrigins().join(' ');
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
 * @param {{ root: string, port: number, host?: string, spa?: boolean }} options
 * @returns {Promise<import('node:http').Server>}
 */
export async function startStaticServer({ root, port, host = process.env.HOST || '0.0.0.0' }) {
  const base = resolve(root);
  const gzipCache = new Map();
  const configBody = () => JSON.stringify(runtimeConfig());

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url || '/', 'http://localhost');
      const common = {
        'Access-Control-Allow-Origin': '*',
        Vary: 'Accept-Encoding',
        ...securityHeaders(runtimeConfig().apiUrl),
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...common, Allow: 'GET, HEAD' }).end();
        return;
      }
      if (url.pathname === '/config.json') {
        res.writeHead(200, { ...common, 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : configBody());
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
      let file = normalize(join(base, pathname));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(400, common).end();
        return;
      }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info && !extname(url.pathname)) {
        // Client-side route: the app decides what to show, including its not-found page.
        file = join(base, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info) {
        res.writeHead(404, { ...common, 'Content-Type': TYPES['.txt'] }).end('Not found');
        return;
      }
      const type = TYPES[extname(file)] || 'application/octet-stream';
      const cache = HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
      const headers = { ...common, 'Content-Type': type, 'Cache-Control': cache };
      const compressible = /^(text|application\/json|image\/svg)/.test(type);
      if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] || ''))) {
        const key = `${file}:${info.mtimeMs}`;
        let body = gzipCache.get(key);
        if (!body) {
          body = gzipSync(await readFile(file), { level: 9 });
          gzipCache.set(key, body);
        }
        res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Length': info.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end();
      console.error(error);
    }
  });
  await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolvePromise);
  });
  return server;
}
