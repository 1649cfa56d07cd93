// The release store's two files, as TypeBox schemas: registry.json (the live pointer of each front
// end) and each release's release.json. A file that does not match is refused naming the field.
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { FRONT_END_NAMES, type FrontEndName as FrontEndNameType } from '../frontEnds';
import { LINK_NAME } from '../routes/routeManifest';

/** A release id: the commit (or 'local' outside git), '-dirty' for uncommitted sources, the build's hash. */
export const RELEASE_ID = /^[0-9a-z]{1,40}(-dirty)?-[0-9a-f]{8}$/;
/** Route patterns a remote may declare: exact, case-sensitive paths with :params. */
export const ROUTE_PATTERN = /^\/[A-Za-z0-9/_:.-]{0,200}$/;
export const MAX_ROUTES = 500;

const ReleaseId = Type.String({ pattern: RELEASE_ID.source });
// From the list of front ends, keeping its names' static type.
const FrontEndName = Type.Unsafe<FrontEndNameType>(Type.Union(FRONT_END_NAMES.map((name) => Type.Literal(name))));
const Route = Type.String({ pattern: ROUTE_PATTERN.source });

/** A canary: a release served to a sticky share of visitors beside the live one (canary/bucket.ts). */
export const Canary = Type.Object({
  release: ReleaseId,
  percent: Type.Integer({ minimum: 1, maximum: 99 }),
  startedAt: Type.String(),
  /** The live release when it started: the one its figures are judged against. */
  live: ReleaseId,
});
export type Canary = Static<typeof Canary>;

/** A release's field figures when a canary ended (telemetry/figures.ts: ReleaseSummary, rounded). */
export const CanaryFigures = Type.Object({
  release: ReleaseId,
  views: Type.Integer({ minimum: 0 }),
  errorRate: Type.Number({ minimum: 0 }),
  unavailable: Type.Integer({ minimum: 0 }),
  p75: Type.Object({
    lcp: Type.Union([Type.Number(), Type.Null()]),
    inp: Type.Union([Type.Number(), Type.Null()]),
    cls: Type.Union([Type.Number(), Type.Null()]),
  }),
});
export type CanaryFigures = Static<typeof CanaryFigures>;

/** A front end's pointer: its live and previous release, and where a remote's releases are served from. */
export const Pointer = Type.Object({
  live: Type.Optional(Type.Union([ReleaseId, Type.Null()])),
  previous: Type.Optional(Type.Union([ReleaseId, Type.Null()])),
  /** The canary running now, if any. */
  canary: Type.Optional(Type.Union([Canary, Type.Null()])),
  /** A base URL (checked by normaliseBaseUrl); null or absent: the remote's own server. */
  url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type Pointer = Static<typeof Pointer>;

/** One line of the registry's history: a promote, rollback or move, a canary started or ended. */
export const HistoryEvent = Type.Object({
  at: Type.String(),
  frontEnd: FrontEndName,
  action: Type.Union([
    Type.Literal('promote'),
    Type.Literal('rollback'),
    Type.Literal('move'),
    Type.Literal('canary-start'),
    Type.Literal('canary-promote'),
    Type.Literal('canary-rollback'),
    /** Ended by the canary watcher: its error budget was spent (`reasons`). */
    Type.Literal('canary-end'),
  ]),
  release: Type.Optional(ReleaseId),
  from: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The gate's problems a --force promote overrode. */
  forced: Type.Optional(Type.Array(Type.String())),
  /** A canary's share of visitors (canary-start). */
  percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
  /** Why a canary was ended by itself. */
  reasons: Type.Optional(Type.Array(Type.String())),
  /** The live release's and the canary's figures when the canary ended. */
  figures: Type.Optional(Type.Object({ live: CanaryFigures, canary: CanaryFigures })),
});
export type HistoryEvent = Static<typeof HistoryEvent>;

export const Registry = Type.Object({
  schema: Type.Literal(1),
  frontEnds: Type.Unsafe<Partial<Record<FrontEndNameType, Pointer>>>(
    Type.Object(Object.fromEntries(FRONT_END_NAMES.map((name) => [name, Type.Optional(Pointer)])), {
      additionalProperties: false,
    }),
  ),
  history: Type.Array(HistoryEvent),
});
export type Registry = Static<typeof Registry>;

/** release.json, written beside a build's files when it is published. */
export const Release = Type.Object({
  id: ReleaseId,
  frontEnd: FrontEndName,
  commit: Type.String(),
  dirty: Type.Boolean(),
  buildHash: Type.String({ pattern: '^[0-9a-f]{8}$' }),
  publishedAt: Type.String(),
  files: Type.Integer({ minimum: 0 }),
  bytes: Type.Integer({ minimum: 0 }),
  /** A remote's routes (its routes.json); a shell release has none. */
  routes: Type.Optional(Type.Array(Route, { minItems: 1, maxItems: MAX_ROUTES })),
});
export type Release = Static<typeof Release>;

/** A route's facts as a release's routes.json carries them (routes/routeManifest.ts RouteFacts). */
export const RouteFacts = Type.Object({
  path: Route,
  serverRendered: Type.Boolean(),
  private: Type.Boolean(),
  sitemap: Type.Optional(Type.Union([Type.Literal('site'), Type.Literal('products'), Type.Literal('auctions')])),
  staleOn: Type.Union([
    Type.Literal('catalogue'),
    Type.Literal('shownProducts'),
    Type.Literal('auctions'),
    Type.Literal('auctionItem'),
  ]),
  link: Type.Optional(Type.String({ pattern: LINK_NAME.source })),
});

/** A release's routes.json `pages`: every route's facts (absent in releases built before them). */
export const RoutePages = Type.Array(RouteFacts, { maxItems: MAX_ROUTES });

/** The field a validation error is about, as people write it ('frontEnds.shop.live'), '' for the whole value. */
export function fieldOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export interface SchemaProblem {
  /** The field, dotted ('frontEnds.shop.live'); '' for the value itself. */
  field: string;
  /** The value's part that is wrong, as found. */
  value: unknown;
  /** TypeBox's words for it. */
  message: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The first thing wrong with `value` against `schema`, or null when it matches. */
export function firstProblem(schema: TSchema, value: unknown): SchemaProblem | null {
  if (Value.Check(schema, value)) return null;
  const [error] = Value.Errors(schema, value);
  if (!error) return { field: '', value, message: 'does not match', keyword: '', params: {} };
  return {
    field: fieldOf(error.instancePath),
    value: valueAt(value, error.instancePath),
    message: error.message,
    keyword: error.keyword,
    params: (error as { params?: Record<string, unknown> }).params ?? {},
  };
}

function valueAt(value: unknown, instancePath: string): unknown {
  let at = value;
  for (const part of instancePath.split('/').slice(1)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return at;
}

/** A problem in words, naming the field: 'frontEnds.shop.live is not a release id'. */
export function describeProblem({ field, keyword, params, message }: SchemaProblem): string {
  const subject = field || 'the file';
  if (keyword === 'pattern' && params.pattern === RELEASE_ID.source) return `${subject} is not a release id`;
  if (keyword === 'type' && params.type === 'object') return `${subject} is not an object`;
  if (keyword === 'type' && params.type === 'array') return `${subject} is not a list`;
  if (keyword === 'required' && Array.isArray(params.requiredProperties))
    return `${subject} has no ${params.requiredProperties.join(', ')}`;
  if (keyword === 'boolean' && field.startsWith('frontEnds.')) return `${subject} is not a front end`;
  return `${subject} ${message}`;
}
