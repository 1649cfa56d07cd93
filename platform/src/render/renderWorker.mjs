// A render worker's entry (renderWorkers.ts starts it): a worker does not inherit the tsx loader the
// platform's entry points register (scripts/platform.mjs), so it registers tsx before the
// worker's TypeScript (renderWorker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./renderWorker.ts');
