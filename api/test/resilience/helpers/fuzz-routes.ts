import type { RouteOptions } from 'fastify';

/** A route as the running app registered it. */
export interface RouteInfo {
  method: string;
  url: string;
  schema: { body?: JsonSchema; headers?: JsonSchema; params?: JsonSchema; querystring?: JsonSchema };
}

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  minItems?: number;
}

/** Every (method, url) of the app's route table, with its request schemas. */
export function routesOf(table: RouteOptions[]): RouteInfo[] {
  const out = new Map<string, RouteInfo>();
  for (const r of table) {
    // Swagger UI's own page and files (@fastify/swagger-ui, hidden from the OpenAPI document) are
    // static files of a third-party plugin, not API routes; /openapi.json is fuzzed like the rest.
    if ((r.schema as { hide?: boolean } | undefined)?.hide && /^\/docs(\/|$)/.test(r.url)) continue;
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods) {
      const key = `${m} ${r.url}`;
      if (out.has(key)) continue;
      const s = (r.schema ?? {}) as RouteInfo['schema'];
      out.set(key, {
        method: m,
        url: r.url,
        schema: { body: s.body, headers: s.headers, params: s.params, querystring: s.querystring },
      });
    }
  }
  return [...out.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** Valid values the fuzzer knows (tokens of a real user, ids, names...), so requests reach the handlers' inner checks. */
export interface FuzzDictionary {
  /** The current valid login token (re-issued when a fuzzed logout revokes it). */
  loginToken(): string;
  anonToken: string;
  resetToken: string;
  /** Known good values by field name. */
  values: Record<string, unknown[]>;
}
