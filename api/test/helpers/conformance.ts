import fs from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

/** Replies checked against the document in this test file, and those it could not check (and why). */
export const conformance = { checked: 0, unchecked: new Map<string, number>() };

/**
 * Checks the replies the test suite receives against the API's own OpenAPI document (GET
 * /openapi.json: the schema of each route and status): a JSON reply that does not match throws,
 * failing the test that got it. Replies without a JSON body (images, event streams, HEAD, 304)
 * and requests no route serves are counted as unchecked, by reason.
 */
export class ReplyChecker {
  private readonly routes: Array<{ method: string; pattern: RegExp; path: string; operation: Operation }> = [];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: unknown) {
    const doc = document as Document;
    this.ajv.addSchema(doc as object, 'openapi');
    for (const [path, operations] of Object.entries(doc.paths)) {
      const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
      const pattern = new RegExp(
        `^${path
          .split(/\{[^}]+\}/)
          .map(escape)
          .join('[^/]+')}$`,
      );
      for (const [method, operation] of Object.entries(operations))
        this.routes.push({ method: method.toUpperCase(), pattern, path, operation });
    }
    // A static path wins over a parametric one (as the router decides).
    this.routes.sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));
  }

  check(method: string, url: string, status: number, contentType: string | null, text: string): void {
    const skip = (why: string) => void conformance.unchecked.set(why, (conformance.unchecked.get(why) ?? 0) + 1);
    const path = url.split('?')[0]!;
    const route = this.routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    if (!route) return skip('no route serves the request');
    if (!text) return skip('no body (HEAD, 204, 304, …)');
    if (!contentType?.startsWith('application/json')) return skip(`not JSON (${contentType?.split(';')[0]})`);
    const responses = route.operation.responses ?? {};
    const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((k) => responses[k]);
    const schema = key && responses[key]!.content?.['application/json']?.schema;
    const where = `${method} ${route.path} → ${status}`;
    if (!schema) throw new Error(`Reply not in the OpenAPI document: ${where} has no JSON schema for status ${status}`);
    const ref = `openapi#/paths/${route.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${key}/content/application~1json/schema`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`Reply of ${where} says JSON but is not: ${text.slice(0, 200)}`);
    }
    if (!validate(body))
      throw new Error(
        `Reply does not match the OpenAPI document: ${where}: ${this.ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`,
      );
    conformance.checked += 1;
  }
}

/** Appends this file's figures to the run's log (REPLY_CONFORMANCE_LOG, set by global-setup.ts). */
export function recordConformance(file: string): void {
  const log = process.env.REPLY_CONFORMANCE_LOG;
  if (!log) return;
  const line = { file, checked: conformance.checked, unchecked: Object.fromEntries(conformance.unchecked) };
  fs.appendFileSync(log, `${JSON.stringify(line)}\n`);
}
