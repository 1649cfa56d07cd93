// npm run release -- <command>: front-end releases (platform/src/cli/release.ts).
import { platform } from './platform.mjs';

await (await platform('cli/release.ts')).run(process.argv.slice(2));
