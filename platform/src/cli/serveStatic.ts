// Serves one front end's production build: node scripts/serve-static.mjs <dist folder> [port]
import { startStaticServer, stopOnSignals } from '../server/frontEndServer';

export async function main([root = 'dist', portArg]: string[]): Promise<void> {
  const port = Number(portArg || process.env.PORT || 3000);
  const server = await startStaticServer({ root, port });
  console.log(`Serving ${root} on http://localhost:${port}`);
  // Graceful: not ready at once, then the requests in flight are answered (docs/operations.md).
  stopOnSignals(server);
}
