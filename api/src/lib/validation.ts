import type { FastifyError } from 'fastify';
import { AjvCompiler } from '@fastify/ajv-compiler';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: unknown; properties?: Record<string, { errorMessage?: unknown }> };
}

/** A schema may carry `errorMessage`: a text, or texts by ajv keyword with an optional `default`. */
function pick(errorMessage: unknown, keyword: string): string | undefined {
  if (typeof errorMessage === 'string') return errorMessage;
  if (errorMessage && typeof errorMessage === 'object') {
    const byKeyword = errorMessage as Record<string, unknown>;
    const m = byKeyword[keyword] ?? byKeyword.default;
    if (typeof m === 'string') return m;
  }
  return undefined;
}

const PART: Record<string, string> = {
  body: 'body',
  params: 'path parameter',
  querystring: 'query parameter',
  headers: 'header',
};

function fieldName(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

/**
 * Turns a Fastify/ajv validation error into one clear message naming the field: the schema's
 * own `errorMessage` (the spec's texts) when it has one, otherwise a generic sentence.
 */
export function validationMessage(err: FastifyError): string {
  const errors = (err.validation ?? []) as unknown as AjvError[];
  const context = (err as { validationContext?: string }).validationContext ?? 'body';
  const part = PART[context] ?? context;

  for (const e of errors) {
    if (e.keyword === 'required') {
      const prop = String(e.params.missingProperty ?? '');
      const m = pick(e.parentSchema?.properties?.[prop]?.errorMessage, 'required');
      if (m) return m;
    } else {
      const m = pick(e.parentSchema?.errorMessage, e.keyword);
      if (m) return m;
    }
  }

  const first = errors[0];
  if (!first) return err.message;
  if (first.keyword === 'required') {
    const name = fieldName(first.instancePath, String(first.params.missingProperty ?? ''));
    return `Missing ${part} '${name}'`;
  }
  const name = fieldName(first.instancePath);
  if (!name) {
    if (context === 'body') return 'Request body must be a JSON object';
    return `Invalid ${part}s: ${first.message ?? 'not valid'}`;
  }
  if (first.keyword === 'additionalProperties') {
    return `Unknown ${part} field '${fieldName(first.instancePath, String(first.params.additionalProperty ?? ''))}'`;
  }
  return `Invalid ${part} '${name}': ${first.message ?? 'not valid'}`;
}

type ValidatorFactory = (
  externalSchemas: unknown,
  ajvOptions: { customOptions?: Record<string, unknown> },
) => (route: { httpPart?: string }) => unknown;

/**
 * Fastify's own validator compiler, twice: paths, queries and headers arrive as text and are
 * coerced to the schema's types ('7' → 7); a JSON body is typed already, so it is validated
 * strictly (a bid of " 150 " or "150" is refused, not read as 150).
 */
export function strictBodyValidator(): ValidatorFactory {
  const coercing = AjvCompiler() as unknown as ValidatorFactory;
  const strict = AjvCompiler() as unknown as ValidatorFactory;
  return (externalSchemas, ajvOptions) => {
    const forText = coercing(externalSchemas, ajvOptions);
    const forBody = strict(externalSchemas, {
      ...ajvOptions,
      customOptions: { ...ajvOptions.customOptions, coerceTypes: false },
    });
    return (route) => (route.httpPart === 'body' ? forBody(route) : forText(route));
  };
}

/** A real calendar date `YYYY-MM-DD` (a pattern alone lets 2024-02-31 through). */
export function isCalendarDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
