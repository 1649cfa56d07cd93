// npm start, npm run serve (--serve-only), npm run dev (--dev) (platform/src/cli/start.ts).
import { platform } from './platform.mjs';

await (await platform('cli/start.ts')).main(process.argv.slice(2));
