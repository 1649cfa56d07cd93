// Production build of the front ends: node scripts/build.mjs [shell shop account auction] (platform/src/cli/build.ts).
import { platform } from './platform.mjs';

await (await platform('cli/build.ts')).main(process.argv.slice(2));
