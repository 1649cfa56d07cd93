import type { FrontEndName, RemoteName } from '@marketplace/platform/front-ends';
import type { AreaName } from '@marketplace/shared';

export type { RemoteName };

/**
 * The remotes the shell composes, as the list of front ends names them (platform/src/frontEnds.ts;
 * a front end imports the platform's types only, so the names are checked against it here, when
 * the shell is type-checked). Each exposes its route tree as `<name>/App`.
 */
export const REMOTE_NAMES = ['shop', 'account', 'auction'] as const satisfies readonly RemoteName[];

export function isRemoteName(name: unknown): name is RemoteName {
  return typeof name === 'string' && (REMOTE_NAMES as readonly string[]).includes(name);
}

// Type-check failures when the list of front ends names a remote this list lacks, or when
// shared's AreaName is not the list's names.
type Unlisted = Exclude<RemoteName, (typeof REMOTE_NAMES)[number]>;
const everyRemoteListed: [Unlisted] extends [never] ? true : Unlisted = true;
const areasAreFrontEnds: [FrontEndName, AreaName] extends [AreaName, FrontEndName] ? true : never = true;
void everyRemoteListed;
void areasAreFrontEnds;
