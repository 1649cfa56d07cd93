// Serves one front end's production build: node scripts/serve-static.mjs <dist folder> [port]
import { startStaticServer } from './static-server.mjs';

const [root = 'dist', portArg] = process.argv.slice(2);
const port = Number(portArg || process.env.PORT || 3000);
const server = await startStaticServer({ root, port });
console.log(`Serving ${root} on http://localhost:${port}`);
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
