// npm run typecheck: tsc -p over every part, the front ends from their list (platform/src/cli/typecheck.ts).
import { platform } from './platform.mjs';

(await platform('cli/typecheck.ts')).main();
