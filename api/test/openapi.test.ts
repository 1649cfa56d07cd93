import fs from 'node:fs';
import Fastify from 'fastify';
import { validate } from '@readme/openapi-parser';
import Ajv from 'ajv';
import { Type } from 'typebox';
import { AuthHeaders, Envelope } from '@marketplace/contract';
import { replies } from '../src/lib/replies';
import { openapi, AUTHTOKEN_SCHEME } from '../src/plugins/openapi';
import { OPENAPI_FILE, openapiText } from '../src/openapi';
import { describeEachDatabase } from './helpers/server';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown; parameters?: Array<{ in: string; name: string }> }>>;
  components: { securitySchemes: Record<string, unknown> };
};

/** Fastify's route path as OpenAPI writes it (/x/:id → /x/{id}). */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describeEachDatabase('the OpenAPI document', (server) => {
  it('holds every route the API registered (the documentation pages aside), each method of each', async () => {
    const s = server();
    const doc = s.app.swagger() as unknown as Document;
    const registered: string[] = [];
    const hidden: string[] = [];
    for (const route of s.app.routeTable) {
      for (const method of [route.method].flat()) {
        const name = `${method} ${route.url}`;
        if ((route.schema as { hide?: boolean } | undefined)?.hide) hidden.push(name);
        else registered.push(name);
      }
    }
    const missing = registered.filter((name) => {
      const [method, url] = name.split(' ') as [string, string];
      return !doc.paths[openapiPath(url)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    // Left out: Swagger UI's own page and files (and its copies of this document), and the CORS
    // preflight of every path (OPTIONS *), which OpenAPI cannot name.
    expect(hidden.filter((name) => !/^(GET|HEAD) \/docs(\/|$)/.test(name) && name !== 'OPTIONS *')).toEqual([]);
    const documented = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(documented).toBe(registered.length);
    console.log(
      `[openapi] ${documented} operations in the document / ${registered.length} API routes registered ` +
        `(not counted: ${hidden.length - 1} routes of the /docs page itself and the CORS preflight OPTIONS *)`,
    );
  });

  it('is valid OpenAPI 3.1, with the login token as a security scheme', async () => {
    const s = server();
    const doc = s.app.swagger() as unknown as Document;
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result).toMatchObject({ valid: true, specification: 'OpenAPI' });
    expect(doc.components.securitySchemes[AUTHTOKEN_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'authtoken',
    });
    // A header token is the scheme, not a parameter; a body token is flagged.
    expect(doc.paths['/getuserdata']!.get!.security).toEqual([{ [AUTHTOKEN_SCHEME]: [] }]);
    expect(doc.paths['/getuserdata']!.get!.parameters ?? []).not.toContainEqual(
      expect.objectContaining({ in: 'header', name: 'authtoken' }),
    );
    expect(doc.paths['/checkuserdata']!.post).toMatchObject({
      security: [{ [AUTHTOKEN_SCHEME]: [] }],
      'x-authtoken': 'body',
    });
  });

  it('gives every request body an example from the contract, valid against its schema', async () => {
    const doc = server().app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: object; example?: unknown }> } }>
      >;
    };
    // The keywords of the API's own (messages) are annotations here.
    const ajv = new Ajv({ strict: false, allErrors: true });
    const missing: string[] = [];
    const invalid: string[] = [];
    let bodies = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        // The contract's example of a body is the media type's `example` (where @fastify/swagger puts it).
        const media = op.requestBody?.content['application/json'];
        if (!media) continue;
        bodies++;
        const name = `${method.toUpperCase()} ${path}`;
        if (media.example === undefined) missing.push(name);
        else if (!ajv.validate(media.schema, media.example)) invalid.push(`${name}: ${ajv.errorsText()}`);
      }
    expect({ missing, invalid }).toEqual({ missing: [], invalid: [] });
    expect(bodies).toBeGreaterThan(20);
  });

  it('is what api/openapi.json holds (npm run openapi -w api writes it)', async () => {
    const s = server();
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    // On failure: the committed file is stale; run `npm run openapi -w api` and commit it.
    expect(committed).toBe(openapiText(s.app.swagger()));
  });

  it('is served at /openapi.json, and browsable at /docs from files of this server only', async () => {
    const s = server();
    const served = await s.get('/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(s.app.swagger())));

    const page = await fetch(`${s.url}/docs/`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((a) => /^(https?:)?\/\//.test(a))).toEqual([]);
    for (const asset of assets) {
      const r = await fetch(new URL(asset, `${s.url}/docs/`));
      expect(`${asset} ${r.status}`).toBe(`${asset} 200`);
    }
    const init = await (await fetch(`${s.url}/docs/static/swagger-initializer.js`)).text();
    expect(init).toContain('/openapi.json');
    // Its Content-Security-Policy names no other host.
    expect(page.headers.get('content-security-policy')).not.toMatch(/https:|validator|upgrade-insecure/);
  });
});

describe('a route added by any team', () => {
  it('is in the document as soon as it is registered with its schemas', async () => {
    const app = Fastify({ ajv: { customOptions: { keywords: ['errorMessage'] } } });
    await app.register(openapi, { version: '0.0.0' });
    app.get(
      '/newroute/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer() }),
          headers: AuthHeaders,
          response: replies(Envelope(Type.Object({ fresh: Type.Boolean() }))),
        },
      },
      async () => ({ status: 200, msg: 'ok', data: { fresh: true } }),
    );
    await app.ready();
    const doc = app.swagger() as unknown as Document;
    expect(doc.paths['/newroute/{id}']!.get).toMatchObject({
      security: [{ [AUTHTOKEN_SCHEME]: [] }],
      parameters: [expect.objectContaining({ in: 'path', name: 'id' })],
    });
    await app.close();
  });
});
