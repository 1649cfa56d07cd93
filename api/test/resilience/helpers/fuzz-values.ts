import fc from 'fast-check';
import type { FuzzDictionary, JsonSchema } from './fuzz-routes';

// ---------- hostile values ----------

const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '" OR ""="',
  '\\',
  '%',
  '%00',
  '%s%s%s%n',
  '\u0000',
  'a\u0000b',
  'abc\ud800',
  '\udfff',
  '\u202eevil',
  '\ufeff',
  'Ａ＠ｂ．ｃｏｍ',
  'İıß',
  '😀'.repeat(60),
  'e\u0301'.repeat(40),
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '\r\nSet-Cookie: x=1',
  'asha.verma@example.com',
  'ASHA.VERMA@EXAMPLE.COM ',
];

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  -1.5,
  0.1 + 0.2,
  1e-320,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  123456789012345,
];

/** A string of 1 KB to 300 KB (several times the JSON body limit at the top). */
export const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom('x', 'é', '😀', '\u0000', 'a b ', '\\"'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
  { weight: 1, arbitrary: hugeString },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value that is likely the wrong type for a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { $gt: 0 }, { toString: 'x' }, [[[[[]]]]]),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------- from the route's own schema ----------

function compile(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** Values of a schema, biased towards valid ones, with the dictionary's known values for the field. */
export function fromSchema(schema: JsonSchema | undefined, field: string, dict: FuzzDictionary): fc.Arbitrary<unknown> {
  const known = dict.values[field];
  const knownArb = known?.length ? [fc.constantFrom(...known)] : [];
  const withKnown = (arb: fc.Arbitrary<unknown>) => (knownArb.length ? fc.oneof(arb, ...knownArb) : arb);
  if (!schema) return withKnown(fc.oneof(fc.integer({ min: 1, max: 120 }), fc.string()));
  if (field === 'authtoken') return tokenArb(dict);
  if (schema.anyOf) return withKnown(fc.oneof(...schema.anyOf.map((s) => fromSchema(s, field, dict))));
  if ('const' in schema) return fc.constant(schema.const);
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(props)) record[k] = fromSchema(s, k, dict);
      const required = (schema.required ?? []).filter((k) => k in props);
      const optional = Object.keys(props).filter((k) => !required.includes(k));
      const all = fc.record(record, { requiredKeys: required });
      if (!optional.length) return all;
      // Also: the required keys and exactly one optional one (routes like PUT /updatecus take one change at a time).
      const pick = (keys: string[]) => fc.record(Object.fromEntries(keys.map((k) => [k, record[k]])));
      return fc.oneof(all, ...optional.map((k) => pick([...required, k])));
    }
    case 'array':
      return withKnown(
        fc.array(fromSchema(schema.items, field, dict), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        }),
      );
    case 'integer': {
      const min = schema.minimum ?? -(2 ** 31);
      const max = schema.maximum ?? 2 ** 31;
      // Ids near the ones that exist, so the handler finds rows.
      return withKnown(
        fc.oneof(
          fc.integer({ min, max }),
          fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 120), min) }),
        ),
      );
    }
    case 'number':
      return withKnown(
        fc.double({
          min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
          max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
          minExcluded: schema.exclusiveMinimum !== undefined,
          maxExcluded: schema.exclusiveMaximum !== undefined,
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const maxLength = schema.maxLength ?? 60;
      const minLength = schema.minLength ?? 0;
      const re = schema.pattern ? compile(schema.pattern) : null;
      let arb: fc.Arbitrary<string>;
      if (re) {
        try {
          arb = fc.stringMatching(re, { maxLength: Math.min(maxLength, 80) });
        } catch {
          arb = fc.string({ minLength, maxLength: Math.min(maxLength, 80) });
        }
      } else arb = fc.string({ minLength, maxLength: Math.min(maxLength, 80) });
      return withKnown(arb);
    }
    default:
      // Untyped (Unknown): numbers, digit texts, anything.
      return withKnown(
        fc.oneof(
          fc.integer({ min: -10, max: 1_000_000 }),
          fc.integer({ min: 0, max: 99999 }).map(String),
          hostileValue,
        ),
      );
  }
}

/**
 * authtoken as generated: the other kinds of token (anonymous, reset, forged) or garbage. Half of
 * the cases get the live login token put in instead (FuzzCase.login), after every mutation.
 */
export function tokenArb(dict: FuzzDictionary): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(dict.anonToken) },
    { weight: 2, arbitrary: fc.constant(dict.resetToken) },
    { weight: 2, arbitrary: fc.constantFrom('lt_' + 'A'.repeat(43), 'rt_forged', 'anon.1.2.3', 'pf_x', 'Bearer x') },
    { weight: 4, arbitrary: hostileValue },
  );
}

/** Replaces the '<login>' placeholder by the login token valid at send time. */
export function withLiveToken<T>(value: T, dict: FuzzDictionary): T {
  if (value === '<login>') return dict.loginToken() as T;
  if (Array.isArray(value)) return value.map((v) => withLiveToken(v, dict)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = withLiveToken(v, dict);
    return out as T;
  }
  return value;
}
