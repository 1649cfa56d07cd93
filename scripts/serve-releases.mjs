// Serves one front end's releases from the release store: node scripts/serve-releases.mjs <front end> [port] (platform/src/cli/serveReleases.ts).
import { platform } from './platform.mjs';

await (await platform('cli/serveReleases.ts')).main(process.argv.slice(2));
