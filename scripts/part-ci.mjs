// One front end's pipeline: npm run ci -w <front end> (platform/src/cli/partCi.ts).
import { platform } from './platform.mjs';

await (await platform('cli/partCi.ts')).main(process.argv.slice(2));
