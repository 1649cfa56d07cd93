// npm run openapi -w api: writes the API's OpenAPI 3.1 document to api/openapi.json, generated from
// the route schemas (plugins/openapi.ts) of an API built on a scratch PGlite database. `--check`
// only compares (exit 1 when the committed file is stale); test/openapi.test.ts does too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, REPO_ROOT } from './config';

export const OPENAPI_FILE = path.join(REPO_ROOT, 'api', 'openapi.json');

/** The document as the file holds it. */
export const openapiText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

async function main() {
  const check = process.argv.includes('--check');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-openapi-'));
  try {
    // Defaults only (no environment): the document is the same wherever it is written.
    const config = loadConfig(
      {},
      { dataDir: path.join(tmp, 'pglite'), outboxDir: path.join(tmp, 'outbox'), seed: false, logLevel: 'warn' },
    );
    const app = await buildApp(config, { progress: () => undefined });
    let text: string;
    try {
      await app.ready();
      text = openapiText(app.swagger());
    } finally {
      await app.close();
    }
    const current = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (check) {
      if (current !== text) {
        console.error(`${path.relative(REPO_ROOT, OPENAPI_FILE)} is stale: run npm run openapi -w api`);
        process.exit(1);
      }
      console.log(`${path.relative(REPO_ROOT, OPENAPI_FILE)} is up to date`);
      return;
    }
    fs.writeFileSync(OPENAPI_FILE, text);
    const paths = Object.keys((JSON.parse(text) as { paths: object }).paths).length;
    console.log(`Wrote ${path.relative(REPO_ROOT, OPENAPI_FILE)} (${paths} paths)`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
