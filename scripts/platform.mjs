// The command-line entry points beside this file run the platform (platform/src, TypeScript)
// through tsx, as the API runs its sources: no build step, no stale output.
import { register } from 'tsx/esm/api';

register();

/** A module of platform/src: `await platform('cli/start.ts')`. */
export const platform = (path) => import(new URL(`../platform/src/${path}`, import.meta.url).href);
