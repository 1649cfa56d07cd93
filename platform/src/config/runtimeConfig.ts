// Runtime configuration of the front ends, read from the environment.
// The shell fetches it as /config.json before it boots, so no URL is baked into a bundle. In
// production the front-end servers derive it from the release store (scripts/releases/live.mjs);
// the development servers (npm run dev) from the sources, below.
const { readFileSync } = require('node:fs');
const path = require('node:path');

function port(name, fallback) {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
}

function ports() {
  return {
    shell: port('SHELL_PORT', 3000),
    shop: port('SHOP_PORT', 3001),
    account: port('ACCOUNT_PORT', 3002),
    auction: port('AUCTION_PORT', 3003),
    api: port('API_PORT', port('PORT', 4000)),
  };
}

function host() {
  return process.env.PUBLIC_HOST || 'localhost';
}

function originOf(area) {
  const envName = `${area.toUpperCase()}_URL`;
  return (process.env[envName] || `http://${host()}:${ports()[area]}`).replace(/\/$/, '');
}

function apiUrl() {
  return (process.env.API_URL || `http://${host()}:${ports().api}`).replace(/\/$/, '');
}

const REMOTE_DIRS = { shop: 'shop-remote', account: 'account-remote', auction: 'auction-remote' };

/** The routes a remote serves, as its sources declare them (<remote>/src/routes.json). */
function sourceRoutes(area) {
  return JSON.parse(readFileSync(path.join(__dirname, '..', REMOTE_DIRS[area], 'src', 'routes.json'), 'utf8')).routes;
}

/** /config.json of the development servers: each remote at the root of its dev server. */
function runtimeConfig() {
  const remotes = {};
  const routes = {};
  for (const area of Object.keys(REMOTE_DIRS)) {
    remotes[area] = `${originOf(area)}/mf-manifest.json`;
    routes[area] = sourceRoutes(area);
  }
  return { apiUrl: apiUrl(), remotes, routes, releases: {} };
}

/** Front-end origins, for the API's CORS list and the pages' Content-Security-Policy. */
function frontEndOrigins() {
  return ['shell', 'shop', 'account', 'auction'].map(originOf);
}

module.exports = { ports, apiUrl, runtimeConfig, frontEndOrigins, originOf };
