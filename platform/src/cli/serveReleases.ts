// Serves one front end's releases from the release store (RELEASES_DIR):
// node scripts/serve-releases.mjs <shell|shop|account|auction> [port]
import { createRequire } from 'node:module';
import { startReleaseServer, stopOnSignals } from './static-server.mjs';
import { assertFrontEnd, storeDir } from './releases/store.mjs';

const require = createRequire(import.meta.url);
const { ports } = require('./runtime-config.cjs');

const [frontEnd, portArg] = process.argv.slice(2);
try {
  assertFrontEnd(frontEnd);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const port = Number(portArg || ports()[frontEnd]);
const server = await startReleaseServer({ store: storeDir(), frontEnd, port });
console.log(
  `Serving the ${frontEnd} releases of ${storeDir()} on http://localhost:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
);
// Graceful: not ready at once, then the requests in flight are answered (docs/operations.md).
stopOnSignals(server);
