import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

// The link table the development servers' /config.json carries: the front ends' manifests' own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sourceLinks } = require(path.join(REPO_ROOT, 'scripts', 'runtime-config.cjs')) as {
  sourceLinks(root: string): Record<string, string>;
};

let links: Record<string, string> | undefined;

/**
 * The storefront as the API's mails see it: a server answering /config.json with the live link
 * table of the front ends' manifests (read once per test file), as the shell's server does.
 */
export async function startStorefront(): Promise<{ url: string; close(): Promise<void> }> {
  links ??= sourceLinks(REPO_ROOT);
  const body = JSON.stringify({ links });
  const server = http.createServer((req, res) => {
    if (req.url !== '/config.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
