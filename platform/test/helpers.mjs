// What the release tool's tests share: scratch folders of one run, and the refusal they expect.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { ReleaseError } from '../src/releases/store';

/** A commit id for fake releases. */
export const COMMIT = '0123456789abcdef0123456789abcdef01234567';

/**
 * A temporary folder for this test file, removed after it; returns `freshDir(label)`, which makes
 * a new empty folder in it.
 */
export function scratchFolders(label) {
  let root;
  let counter = 0;
  before(() => {
    root = mkdtempSync(join(tmpdir(), `marketplace-${label}-test-`));
  });
  after(() => rmSync(root, { recursive: true, force: true }));
  return function freshDir(name) {
    counter += 1;
    const dir = join(root, `${name}-${counter}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
}

/** Asserts that calling fn fails (synchronously or by rejecting) with a ReleaseError matching `message`. */
export async function failsWithReleaseError(fn, message) {
  await assert.rejects(
    async () => fn(),
    (/** @type {Error} */ error) => {
      assert.ok(error instanceof ReleaseError, `expected a ReleaseError, got ${error?.name}: ${error?.message}`);
      if (message) assert.match(error.message, message);
      return true;
    },
  );
}

/** Resolves once `check()` is true (polled every 20 ms); rejects with `what` after `limitMs`. */
export async function eventually(check, what, limitMs = 60000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port nothing listens on now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}
