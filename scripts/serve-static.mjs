// Serves one front end's production build: node scripts/serve-static.mjs <dist folder> [port] (platform/src/cli/serveStatic.ts).
import { platform } from './platform.mjs';

await (await platform('cli/serveStatic.ts')).main(process.argv.slice(2));
