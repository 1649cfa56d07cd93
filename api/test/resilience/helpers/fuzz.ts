import fc from 'fast-check';
import type { RawRequest } from './http';
import { makePng } from '../../helpers/shop';
import type { FuzzDictionary, JsonSchema, RouteInfo } from './fuzz-routes';
import { fromSchema, hostileString, hostileValue, withLiveToken } from './fuzz-values';
import { absurdPng, pngWithIhdr } from './png';

// The fuzzer's requests: bodies, multipart, paths, queries and headers of each route
// (values: fuzz-values.ts; the route table and the dictionary: fuzz-routes.ts).
export { routesOf, type FuzzDictionary, type RouteInfo } from './fuzz-routes';

// ---------- bodies ----------

type BodyPlan =
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'text'; text: string; contentType?: string }
  | { kind: 'bytes'; bytes: Buffer; contentType?: string }
  | { kind: 'none'; contentType?: string };

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
];
const WRONG_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/octet-stream',
  'application/jsonx',
  'application/vnd.api+json',
  'image/png',
  '*/*',
  '',
  'json',
  ';',
];

/** Object mutations: drop a key, a key of the wrong type, extra and polluting keys. */
function mutateObject(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    valid,
    fc.tuple(valid, fc.nat()).map(([v, i]) => {
      if (!v || typeof v !== 'object') return v;
      const keys = Object.keys(v);
      if (!keys.length) return v;
      const { [keys[i % keys.length]]: _drop, ...rest } = v as Record<string, unknown>;
      return rest;
    }),
    fc.tuple(valid, fc.nat(), hostileValue).map(([v, i, bad]) => {
      if (!v || typeof v !== 'object') return bad;
      const keys = Object.keys(v);
      if (!keys.length) return { ...(v as object), x: bad };
      return { ...(v as object), [keys[i % keys.length]]: bad };
    }),
    fc
      .tuple(
        valid,
        fc.dictionary(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom('userid', 'discount', 'status', 'winner', 'biduser', 'price', 'role', 'admin'),
          ),
          hostileValue,
          { maxKeys: 4 },
        ),
      )
      .map(([v, extra]) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...extra, ...(v as object) } : extra)),
  );
}

/** JSON text that is not JSON, or is JSON that Fastify must refuse (prototype poisoning, depth). */
function malformedJson(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(valid, fc.nat()).map(([v, n]) => {
      const t = JSON.stringify(v) ?? 'null';
      return t.slice(0, n % Math.max(t.length, 1));
    }),
    fc
      .tuple(valid, fc.nat(), fc.constantFrom(',', '}', '"', '\\', 'NaN', 'undefined', '\u0000', "'", '//', '/*'))
      .map(([v, n, junk]) => {
        const t = JSON.stringify(v) ?? 'null';
        const at = n % (t.length + 1);
        return t.slice(0, at) + junk + t.slice(at);
      }),
    // Numbers JSON.parse turns into ±Infinity or loses: 1e999, -1e999, 2^64.
    fc.tuple(valid, fc.constantFrom('1e999', '-1e999', '18446744073709551616', '-0.0e-999', '1E+400')).map(([v, n]) => {
      const t = JSON.stringify(v) ?? 'null';
      return /:\s*-?\d/.test(t)
        ? t.replace(/:\s*-?\d+(\.\d+)?([eE][+-]?\d+)?/, `:${n}`)
        : t.replace(/^\{/, `{"n":${n},`);
    }),
    fc.constantFrom(
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {"admin": true}}}',
      '{"a": 1, "a": 2}',
      '['.repeat(20_000) + ']'.repeat(20_000),
      '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
      '1e999',
      '-',
      '"\\ud800"',
      '{"x": "\\u0000"}',
      '\ufeff{}',
      'null',
      'true',
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}

/** JSON object bodies only (the route's schema, mutated): the half of the cases that carry a login token in the body. */
function objectBodyPlan(route: RouteInfo, dict: FuzzDictionary): fc.Arbitrary<BodyPlan> {
  const valid = route.schema.body ? fromSchema(route.schema.body, 'body', dict) : fc.constant({});
  return fc
    .tuple(mutateObject(valid), fc.constantFrom(...JSON_TYPES.slice(0, 3)))
    .map(([value, contentType]): BodyPlan => ({ kind: 'json', value, contentType }));
}

function bodyPlan(route: RouteInfo, dict: FuzzDictionary): fc.Arbitrary<BodyPlan> {
  const valid = route.schema.body ? fromSchema(route.schema.body, 'body', dict) : fc.constant({});
  const jsonType = fc.constantFrom(...JSON_TYPES);
  // A POST without a JSON body schema takes something else: multipart (the uploads).
  const multipartWeight = !route.schema.body && route.method === 'POST' ? 20 : 3;
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .tuple(mutateObject(valid), jsonType)
        .map(([value, contentType]): BodyPlan => ({ kind: 'json', value, contentType })),
    },
    {
      weight: 2,
      arbitrary: hostileValue.map((value): BodyPlan => ({ kind: 'json', value, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: malformedJson(valid).map((text): BodyPlan => ({
        kind: 'text',
        text,
        contentType: 'application/json',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...WRONG_TYPES))
        .map(([v, contentType]): BodyPlan => ({ kind: 'text', text: JSON.stringify(v) ?? '', contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyPlan>(
        { kind: 'none' },
        { kind: 'none', contentType: 'application/json' },
        { kind: 'text', text: '', contentType: 'application/json' },
      ),
    },
    { weight: multipartWeight, arbitrary: multipartPlan() },
  );
}

// ---------- multipart (uploads, and a wrong body for every other route) ----------

const FILES: Array<[string, () => Buffer]> = [
  ['png', () => makePng(2, 2, Math.floor(Math.random() * 1e9))],
  ['absurd-png', () => absurdPng(100_000, 100_000)],
  ['zero-png', () => pngWithIhdr(0, 5)],
  ['huge-dim-png', () => pngWithIhdr(2 ** 31 - 1, 2 ** 31 - 1)],
  ['signature-only', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['gif', () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
  ['jpeg', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9])],
  ['html', () => Buffer.from('<html><script>alert(1)</script></html>')],
  ['svg', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
  ['empty', () => Buffer.alloc(0)],
  ['truncated-png', () => makePng(8, 8, 1).subarray(0, 40)],
  ['random', () => Buffer.from(Array.from({ length: 256 }, () => Math.floor(Math.random() * 256)))],
];

function multipartPlan(): fc.Arbitrary<BodyPlan> {
  const part = fc.record({
    file: fc.oneof(
      { weight: 1, arbitrary: fc.constant('png') },
      { weight: 2, arbitrary: fc.constantFrom(...FILES.map(([name]) => name)) },
    ),
    field: fc.constantFrom('file', 'image', 'photo', '', '"', 'a\r\nb'),
    filename: fc.oneof(
      fc.constantFrom('photo.png', '../../etc/passwd', 'a.png\u0000.exe', '', 'x'.repeat(2000), 'фото.png', 'a"b.png'),
      fc.string({ maxLength: 30 }),
    ),
    type: fc.constantFrom(
      'image/png',
      'image/gif',
      'text/html',
      'application/octet-stream',
      '',
      'image/png; charset=utf-8',
    ),
  });
  return fc
    .record({
      parts: fc.array(part, { minLength: 0, maxLength: 3 }),
      fields: fc.array(fc.tuple(fc.constantFrom('authtoken', 'note', 'userid'), fc.string({ maxLength: 40 })), {
        maxLength: 2,
      }),
      broken: fc.constantFrom('none', 'none', 'none', 'no-end', 'bad-boundary', 'no-boundary-param'),
    })
    .map(({ parts, fields, broken }): BodyPlan => {
      const boundary = '----fuzz' + Math.random().toString(36).slice(2);
      const chunks: Buffer[] = [];
      for (const [name, value] of fields) {
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
      }
      for (const p of parts) {
        const content = FILES.find(([n]) => n === p.file)![1]();
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\n` +
              (p.type ? `Content-Type: ${p.type}\r\n` : '') +
              '\r\n',
            'utf8',
          ),
          content,
          Buffer.from('\r\n'),
        );
      }
      if (broken !== 'no-end') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      const contentType =
        broken === 'bad-boundary'
          ? 'multipart/form-data; boundary=other'
          : broken === 'no-boundary-param'
            ? 'multipart/form-data'
            : `multipart/form-data; boundary=${boundary}`;
      return { kind: 'bytes', bytes: Buffer.concat(chunks), contentType };
    });
}

// ---------- paths, queries, headers ----------

const TRAVERSALS = [
  '..',
  '../..',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '..;/',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '.',
  '~',
  '*',
  '1%00',
  '1;DROP',
  '1/../2',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '%201',
  '99999999999999999999',
  '2147483648',
];

/** Percent-encodes the UTF-8 bytes of any string (encodeURIComponent throws on lone surrogates). */
function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function paramArb(schema: JsonSchema | undefined, name: string, dict: FuzzDictionary): fc.Arbitrary<string> {
  const valid = fromSchema(schema, name, dict).map((v) => pct(String(v)));
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 2, arbitrary: fc.constantFrom(...TRAVERSALS) },
    { weight: 2, arbitrary: hostileString.map((s) => pct(s.slice(0, 5000)).replace(/%25/g, '%')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'a'.repeat(70) + '.png',
        'f'.repeat(64) + '.png',
        'F'.repeat(64) + '.PNG',
        'f'.repeat(64) + '.png.exe',
        'f'.repeat(64),
      ),
    },
  );
}

const queryArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?__proto__[admin]=1',
      '?constructor[prototype][admin]=1',
      '?a=1&a=2',
      '?%',
      '?%zz=1',
      '?userid=1',
      '?' + 'a=1&'.repeat(2000),
      '?x=%00',
      '?;',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 })
      .map((q) => '?' + new URLSearchParams(q).toString()),
  },
);

/** Header values node:http can send: latin1 without control characters (UTF-8 bytes for the rest). */
function headerSafe(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  return Buffer.from(s, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '')
    .slice(0, 8000);
}

const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'x-forwarded-for',
    'x-real-ip',
    'origin',
    'referer',
    'accept',
    'accept-encoding',
    'accept-language',
    'cookie',
    'if-none-match',
    'range',
    'user-agent',
    'x-http-method-override',
    'authorization',
    'userid',
    'orderid',
    'idempotency-key',
    'x-fuzz',
  ),
  hostileString.map(headerSafe),
  { maxKeys: 3 },
);

export interface FuzzCase {
  route: string;
  /** Carries the live login token (where the route takes its authtoken), whatever else is wrong. */
  login: boolean;
  tokenIn?: 'headers' | 'body';
  method: string;
  path: string;
  headers: Record<string, unknown>;
  body: BodyPlan;
}

/** ≥ 200 of these per route: the route's own schema, mutated and mixed with hostile input. */
export function requestArb(route: RouteInfo, dict: FuzzDictionary): fc.Arbitrary<FuzzCase> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const params = fc.tuple(...paramNames.map((n) => paramArb(route.schema.params?.properties?.[n], n, dict)));
  const path =
    route.url === '*'
      ? fc.oneof(
          fc.constantFrom('/', '/products', '/nope', '/../../etc/passwd', '/%00', '/images/../app.ts'),
          fc.webPath(),
        )
      : params.map((values) => {
          let i = 0;
          return route.url.replace(/:([A-Za-z0-9_]+)/g, () => values[i++]);
        });
  const schemaHeaders = route.schema.headers
    ? mutateObject(fromSchema(route.schema.headers, 'headers', dict))
    : route.url === '*'
      ? // The CORS preflight route: an origin (ours or not) and a method asked for.
        fc.record({
          origin: fc.constantFrom('http://localhost:3000', 'http://localhost:3003', 'http://evil.example', 'null'),
          'access-control-request-method': fc.constantFrom('POST', 'GET', 'DELETE', 'PATCH', 'TRACE'),
          'access-control-request-headers': fc.constantFrom('content-type, authtoken', 'x-evil', 'authtoken'),
        })
      : fc.constant({});
  const method =
    route.method === 'GET'
      ? fc.oneof({ weight: 9, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constant('HEAD') })
      : fc.constant(route.method);
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const tokenIn = route.schema.headers?.properties?.authtoken
    ? 'headers'
    : route.schema.body?.properties?.authtoken
      ? 'body'
      : undefined;
  return fc.boolean().chain((login) =>
    fc.record({
      route: fc.constant(`${route.method} ${route.url}`),
      login: fc.constant(login && tokenIn !== undefined),
      tokenIn: fc.constant(tokenIn),
      method,
      path: fc.tuple(path, queryArb).map(([p, q]) => p + q),
      headers: fc
        .tuple(schemaHeaders, fc.option(hostileHeaders, { freq: 3 }))
        .map(([h, extra]) => ({ ...(extra ?? {}), ...(h && typeof h === 'object' ? (h as object) : {}) })),
      body:
        login && tokenIn === 'body'
          ? objectBodyPlan(route, dict)
          : hasBody
            ? bodyPlan(route, dict)
            : fc.oneof(
                { weight: 9, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
                { weight: 1, arbitrary: bodyPlan(route, dict) },
              ),
    }),
  );
}

/** The concrete request of a case, with the live login token put in. */
export function toRawRequest(c: FuzzCase, dict: FuzzDictionary): RawRequest {
  const headers: Record<string, string> = {};
  const caseHeaders = c.login && c.tokenIn === 'headers' ? { ...c.headers, authtoken: '<login>' } : c.headers;
  for (const [k, v] of Object.entries(withLiveToken(caseHeaders, dict))) {
    const name = k.toLowerCase();
    if (
      !/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name) ||
      ['content-length', 'transfer-encoding', 'host', 'connection', 'expect', 'upgrade'].includes(name)
    )
      continue;
    headers[name] = headerSafe(v);
  }
  let body: Buffer | string | undefined;
  const b = c.body;
  if (b.kind === 'json') {
    const value =
      c.login && c.tokenIn === 'body' && b.value && typeof b.value === 'object' && !Array.isArray(b.value)
        ? { ...b.value, authtoken: '<login>' }
        : b.value;
    body = JSON.stringify(withLiveToken(value, dict)) ?? 'null';
  } else if (b.kind === 'text') body = b.text;
  else if (b.kind === 'bytes') body = b.bytes;
  if (b.contentType !== undefined) headers['content-type'] = headerSafe(b.contentType);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return { method: c.method, path: c.path, headers, body };
}

/** A short description of a case for failure reports (bodies cut). */
export function describeCase(raw: RawRequest): string {
  const body =
    raw.body === undefined
      ? ''
      : Buffer.isBuffer(raw.body)
        ? `<${raw.body.length} bytes>`
        : raw.body.length > 300
          ? `${raw.body.slice(0, 300)}… (${raw.body.length} chars)`
          : raw.body;
  const headers = Object.fromEntries(
    Object.entries(raw.headers).map(([k, v]) => [k, v.length > 120 ? `${v.slice(0, 120)}…(${v.length})` : v]),
  );
  return `${raw.method} ${raw.path.length > 200 ? raw.path.slice(0, 200) + '…' : raw.path} headers=${JSON.stringify(headers)} body=${body}`;
}
