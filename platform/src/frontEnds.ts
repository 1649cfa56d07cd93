// The four front ends and where they live: the one list the platform derives the others from.
// Plain data (no file access), so CommonJS callers (webpack's configs) can load it too.

/** A front end: the area it serves (its name in the registry and the runtime config) and its folder. */
export interface FrontEnd {
  area: FrontEndName;
  dir: string;
}

export type FrontEndName = 'shell' | 'shop' | 'account' | 'auction';
export type RemoteName = Exclude<FrontEndName, 'shell'>;

export const FRONT_ENDS: readonly FrontEnd[] = [
  { area: 'shell', dir: 'shell' },
  { area: 'shop', dir: 'shop-remote' },
  { area: 'account', dir: 'account-remote' },
  { area: 'auction', dir: 'auction-remote' },
];

export const FRONT_END_NAMES: readonly FrontEndName[] = FRONT_ENDS.map((fe) => fe.area);
export const REMOTE_NAMES: readonly RemoteName[] = FRONT_END_NAMES.filter(
  (name): name is RemoteName => name !== 'shell',
);

export function isFrontEndName(name: unknown): name is FrontEndName {
  return typeof name === 'string' && (FRONT_END_NAMES as readonly string[]).includes(name);
}

export function isRemoteName(name: unknown): name is RemoteName {
  return typeof name === 'string' && (REMOTE_NAMES as readonly string[]).includes(name);
}

/** The front end serving `area`. */
export function frontEnd(area: FrontEndName): FrontEnd {
  const found = FRONT_ENDS.find((fe) => fe.area === area);
  if (!found) throw new Error(`Unknown front end '${area}'`);
  return found;
}

/** The order servers start in: the remotes first, so the shell's renderer finds their server code up. */
export const SERVE_ORDER: readonly FrontEnd[] = [
  ...FRONT_ENDS.filter((fe) => fe.area !== 'shell'),
  ...FRONT_ENDS.filter((fe) => fe.area === 'shell'),
];
