import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * What the shell sends (navigator.sendBeacon) when a page view ends: which release of each front
 * end served it, what went wrong in each, and the view's Web Vitals. Nothing personal: no URL, no
 * user, no address; the server counts it and throws it away.
 */

/** The largest beacon body taken; a page view's beacon is about 300 bytes. */
export const MAX_BEACON_BYTES = 2048;

const FRONT_END_NAME = '^[a-z][a-z0-9-]{0,31}$';
/** A release id as the release store writes it (store: RELEASE_ID). */
const RELEASE_ID = '^[0-9a-z]{1,40}(-dirty)?-[0-9a-f]{8}$';
const COUNT = Type.Integer({ minimum: 0, maximum: 100 });

/** One front end's part in a page view. */
export const AreaView = Type.Object(
  {
    release: Type.String({ pattern: RELEASE_ID }),
    /** Errors its error boundary caught and uncaught errors attributed to it. */
    errors: COUNT,
    /** Its area was shown as unavailable. */
    unavailable: Type.Boolean(),
    /** Its manifest or a chunk failed to load. */
    loadFailures: COUNT,
  },
  { additionalProperties: false },
);

export const PageViewBeacon = Type.Object(
  {
    v: Type.Literal(1),
    /** The front ends that served this view (the shell always), by name. */
    areas: Type.Record(Type.String({ pattern: FRONT_END_NAME }), AreaView, { minProperties: 1, maxProperties: 8 }),
    /** Web Vitals of the view (web-vitals): LCP and INP in ms, CLS unitless; absent when not measured. */
    vitals: Type.Object(
      {
        lcp: Type.Optional(Type.Number({ minimum: 0, maximum: 120_000 })),
        inp: Type.Optional(Type.Number({ minimum: 0, maximum: 120_000 })),
        cls: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PageViewBeacon = Static<typeof PageViewBeacon>;
export type AreaView = Static<typeof AreaView>;

const checker = Compile(PageViewBeacon);

/** Why a beacon is refused, in words for the 4xx reply. */
export class BeaconError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/** The beacon in `body` (raw bytes as received), or a BeaconError saying why not. */
export function parseBeacon(body: Buffer | string): PageViewBeacon {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (bytes > MAX_BEACON_BYTES) throw new BeaconError(`A beacon is at most ${MAX_BEACON_BYTES} bytes.`, 413);
  let value: unknown;
  try {
    value = JSON.parse(body.toString());
  } catch {
    throw new BeaconError('A beacon is JSON.');
  }
  if (!checker.Check(value)) {
    const [first] = checker.Errors(value);
    throw new BeaconError(
      `The beacon is not valid: ${first ? `${first.instancePath || '/'} ${first.message}` : 'unknown'}.`,
    );
  }
  return value;
}
