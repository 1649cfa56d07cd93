// Runtime configuration of the front ends, read from the environment when a server starts.
// The shell fetches it as /config.json before it boots, so no URL is baked into a bundle.

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

/** The JSON every front-end server answers at /config.json. */
function runtimeConfig() {
  let remotes = {
    shop: `${originOf('shop')}/mf-manifest.json`,
    account: `${originOf('account')}/mf-manifest.json`,
    auction: `${originOf('auction')}/mf-manifest.json`,
  };
  if (process.env.REMOTES_JSON) remotes = { ...remotes, ...JSON.parse(process.env.REMOTES_JSON) };
  return { apiUrl: (process.env.API_URL || `http://${host()}:${ports().api}`).replace(/\/$/, ''), remotes };
}

/** Front-end origins, for the API's CORS list and the pages' Content-Security-Policy. */
function frontEndOrigins() {
  return ['shell', 'shop', 'account', 'auction'].map(originOf);
}

module.exports = { ports, runtimeConfig, frontEndOrigins, originOf };
