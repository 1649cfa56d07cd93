// The front ends: the one list the rest is derived from (the release store's schemas, ports,
// runtime config, build, start order, lint boundaries, test projects, the type-check script, the
// e2e stack, the shell's remote names' type) or checked against by a test (npm workspaces, by the
// glob '*-remote': platform/test/front-ends.test.mjs). A new remote is one line here, and its
// own folder (with its CI workflow, .github/workflows/<dir>.yml).
// Plain data (no file access), so CommonJS callers (webpack's and ESLint's configs) can load it too.

/** Each front end: the area it serves (its name in the registry and the runtime config), its folder, its default port. */
export const FRONT_ENDS = [
  { area: 'shell', dir: 'shell', port: 3000 },
  { area: 'shop', dir: 'shop-remote', port: 3001 },
  { area: 'account', dir: 'account-remote', port: 3002 },
  { area: 'auction', dir: 'auction-remote', port: 3003 },
] as const satisfies readonly { area: string; dir: string; port: number }[];

export type FrontEnd = (typeof FRONT_ENDS)[number];
export type FrontEndName = FrontEnd['area'];
export type RemoteName = Exclude<FrontEndName, 'shell'>;

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
