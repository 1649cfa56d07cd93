// Serves one front end's releases from the release store (RELEASES_DIR):
// node scripts/serve-releases.mjs <shell|shop|account|auction> [port]
import type { AddressInfo } from 'node:net';
import { ports } from '../config/runtimeConfig';
import { startReleaseServer, stopOnSignals } from '../server/frontEndServer';
import { assertFrontEnd, storeDir } from '../releases/store';

export async function main([frontEnd, portArg]: string[]): Promise<void> {
  try {
    assertFrontEnd(frontEnd);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const port = Number(portArg || ports()[frontEnd]);
  const server = await startReleaseServer({ store: storeDir(), frontEnd, port });
  console.log(
    `Serving the ${frontEnd} releases of ${storeDir()} on http://localhost:${(server.address() as AddressInfo).port}`,
  );
  // Graceful: not ready at once, then the requests in flight are answered (docs/operations.md).
  stopOnSignals(server);
}
