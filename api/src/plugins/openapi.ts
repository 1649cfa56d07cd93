import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from 'typebox';
import { REQUEST_EXAMPLES } from '@marketplace/contract/examples';

/** GET /openapi.json's reply: an OpenAPI document (its own meta-schema says the rest). */
const OpenApiDocument = Type.Object(
  {
    openapi: Type.String(),
    info: Type.Object({ title: Type.String(), version: Type.String() }),
    paths: Type.Object({}),
  },
  { additionalProperties: true },
);

/** The security scheme of the spec's login token (`authtoken`). */
export const AUTHTOKEN_SCHEME = 'authtoken';

type Schema = FastifySchema & {
  hide?: boolean;
  security?: Array<Record<string, string[]>>;
  description?: string;
  headers?: { properties?: Record<string, unknown>; required?: string[] };
  body?: { properties?: Record<string, unknown> };
};

/**
 * A route's schema as the document shows it: the `authtoken` header becomes the security scheme
 * (the route still validates it as before); a token taken in the JSON body (the spec's older
 * calls) is required by the same scheme and named in the description and as `x-authtoken: body`.
 */
export function documentedSchema(given: Schema | undefined): Schema | undefined {
  if (!given) return given;
  // The body's example from the contract, on a copy (the route validates with the schema itself).
  const example = given.body && REQUEST_EXAMPLES.get(given.body as never);
  const schema: Schema =
    example === undefined ? given : { ...given, body: { ...given.body, examples: [example] } as Schema['body'] };
  const headers = schema.headers;
  if (headers?.properties?.authtoken) {
    const { authtoken: _token, ...rest } = headers.properties;
    const required = headers.required?.filter((name) => name !== 'authtoken');
    const others = Object.keys(rest).length
      ? { headers: { ...headers, properties: rest, ...(required ? { required } : {}) } }
      : {};
    const { headers: _headers, ...withoutHeaders } = schema;
    return { ...withoutHeaders, ...others, security: [{ [AUTHTOKEN_SCHEME]: [] }] } as Schema;
  }
  if (schema.body?.properties?.authtoken)
    return {
      ...schema,
      security: [{ [AUTHTOKEN_SCHEME]: [] }],
      description: [schema.description, 'The login token goes in the JSON body (`authtoken`), not in a header.']
        .filter(Boolean)
        .join('\n\n'),
      'x-authtoken': 'body',
    } as Schema;
  return schema;
}

/**
 * The API's OpenAPI 3.1 document, generated from the route schemas (the TypeBox schemas of
 * @marketplace/contract) by @fastify/swagger as the routes register: a route added anywhere is in
 * it with its parameters, bodies, headers and replies. Served at GET /openapi.json and as a
 * browsable reference at /docs (Swagger UI, every file served from this process: it works
 * offline). `npm run openapi -w api` writes it to api/openapi.json for client generators.
 * Registered before the routes (it collects them as they register).
 */
export const openapi = fp<{ version: string }>(
  async (app, { version }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Marketplace API',
          version,
          description:
            'The marketplace API (shop and auctions). Every JSON reply is `{ status, msg, data }`; `status` repeats ' +
            'the HTTP status. Signed-in calls take the login token (`authtoken`, from POST /logincus). Operations: ' +
            'GET /healthz and GET /readyz (docs/operations.md).',
        },
        components: {
          securitySchemes: {
            [AUTHTOKEN_SCHEME]: {
              type: 'apiKey',
              in: 'header',
              name: 'authtoken',
              description:
                'The login token of POST /logincus (or an anonymous one of GET /getanytoken where a call says so). ' +
                "A few of the spec's calls take it in the JSON body instead (`x-authtoken: body`).",
            },
          },
        },
      },
      exposeHeadRoutes: true,
      transform: ({ schema, url }) => ({ schema: documentedSchema(schema as Schema) as never, url }),
    });

    let documentText: string | undefined;
    app.get(
      '/openapi.json',
      { schema: { summary: 'This OpenAPI 3.1 document', tags: ['operations'], response: { 200: OpenApiDocument } } },
      async (_req, reply) => {
        // Made once (the routes are fixed once the API is ready), sent as it is.
        documentText ??= JSON.stringify(app.swagger());
        return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(documentText);
      },
    );

    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // The page's own files only: no validator badge fetched from elsewhere, no https upgrade on http.
      uiConfig: { url: '/openapi.json', validatorUrl: null, deepLinking: true } as never,
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace(' validator.swagger.io', '')
          .replace(/ https:/g, '')
          .replace(' upgrade-insecure-requests;', ''),
    });
  },
  { name: 'openapi' },
);
