// npm start's supervision (platform/src/cli/start.ts, platform/src/server/supervisor.ts), as a user meets it: a part
// that crashes is started again alone, a start killed with kill -9 leaves nothing holding a port,
// a part left running by an older start is named and stopped, another program's port is named.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { COMMIT, eventually, freePort, scratchFolders } from './helpers.mjs';
import { ROOT } from '../src/root';
import { publishBuild } from '../src/releases/store';
import { promote } from '../src/releases/registry';
import { portHolder, portInUse } from '../src/server/supervisor';

const freshDir = scratchFolders('start');

let env;
let ports;
const started = [];

before(async () => {
  const store = freshDir('store');
  const build = freshDir('shell-build');
  writeFileSync(join(build, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  const { release } = await publishBuild(store, 'shell', build, { commit: COMMIT });
  await promote(store, 'shell', release.id);
  const data = freshDir('data');
  mkdirSync(join(data, 'outbox'));
  ports = {
    api: await freePort(),
    shell: await freePort(),
    shop: await freePort(),
    account: await freePort(),
    auction: await freePort(),
  };
  env = {
    ...process.env,
    RELEASES_DIR: store,
    DATA_DIR: join(data, 'pglite'),
    OUTBOX_DIR: join(data, 'outbox'),
    API_PORT: String(ports.api),
    SHELL_PORT: String(ports.shell),
    SHOP_PORT: String(ports.shop),
    ACCOUNT_PORT: String(ports.account),
    AUCTION_PORT: String(ports.auction),
    DATABASE_URL: '',
  };
});
after(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** `node scripts/start.mjs --serve-only` (npm run serve), its output collected. */
function start() {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--serve-only'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  started.push(child);
  return Object.assign(child, { log: () => log });
}

const pidOn = (port) => portHolder(port)?.pid;
const allFree = async () => !(await Promise.all(Object.values(ports).map(portInUse))).some(Boolean);

test('a crashed part is started again alone; a start killed with kill -9 leaves no part behind', async () => {
  const first = start();
  await eventually(() => first.log().includes('Marketplace is running') || first.exitCode !== null, 'running', 300000);
  assert.match(first.log(), /Marketplace is running/, first.log());
  // Its ports are not the defaults: the browser on the shell's may still call the API (CORS).
  const shellOrigin = `http://localhost:${ports.shell}`;
  const preflight = await fetch(`http://127.0.0.1:${ports.api}/getanytoken`, {
    method: 'OPTIONS',
    headers: { Origin: shellOrigin, 'Access-Control-Request-Method': 'POST' },
  });
  assert.equal(preflight.headers.get('access-control-allow-origin'), shellOrigin);
  const api = pidOn(ports.api);
  const shop = pidOn(ports.shop);
  const shell = pidOn(ports.shell);
  assert.ok(
    api && shop && shell && new Set([api, shop, shell, first.pid]).size === 4,
    'each part a process of its own',
  );

  // The shop's server crashes: it is started again; the others go on as they were.
  process.kill(shop, 'SIGKILL');
  await eventually(() => pidOn(ports.shop) && pidOn(ports.shop) !== shop, 'the shop server is back');
  await eventually(() => /\[shop\] stopped \(SIGKILL\); starting it again in 1 s/.test(first.log()), 'told');
  assert.equal(pidOn(ports.api), api);
  assert.equal(pidOn(ports.shell), shell);
  // The API crashes: the front ends are not stopped, and it comes back.
  process.kill(api, 'SIGKILL');
  await eventually(
    async () => (await fetch(`http://127.0.0.1:${ports.api}/health`).catch(() => null))?.ok && pidOn(ports.api) !== api,
    'the API is back',
    120000,
  );
  assert.equal(pidOn(ports.shell), shell);
  assert.equal(first.exitCode, null);

  // The start itself is killed: every part stops with it, no port stays taken.
  first.kill('SIGKILL');
  await eventually(allFree, 'every port free after the start was killed');

  // A start now comes up.
  const second = start();
  await eventually(
    () => second.log().includes('Marketplace is running') || second.exitCode !== null,
    'running again',
    300000,
  );
  assert.match(second.log(), /Marketplace is running/, second.log());
  second.kill('SIGINT');
  await eventually(() => second.exitCode !== null, 'Ctrl-C stops it');
  await eventually(allFree, 'every port free after Ctrl-C');
  // Each part stopped as in production: SIGTERM, its requests answered, exit 0 (none killed).
  for (const part of ['api', 'shell', 'shop', 'account', 'auction'])
    assert.match(second.log(), new RegExp(`\\[${part}\\] stopped gracefully\\.`), second.log());
  assert.doesNotMatch(second.log(), /killed\./);
});

test('a server left running by an older start is named and stopped; another program holding a port is named', async () => {
  // As the start before this version left its API when killed: a process of this checkout, no supervisor.
  const orphan = spawn(process.execPath, ['scripts/serve-releases.mjs', 'shop', String(ports.shop)], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  started.push(orphan);
  await eventually(() => portInUse(ports.shop), 'the orphan listens');
  const third = start();
  await eventually(() => third.log().includes('Marketplace is running') || third.exitCode !== null, 'running', 300000);
  assert.match(
    third.log(),
    new RegExp(
      `Port ${ports.shop} \\(shop\\) is held by process ${orphan.pid} .*serve-releases\\.mjs.*left running by an earlier start: stopping it`,
    ),
  );
  assert.notEqual(orphan.exitCode ?? orphan.signalCode, null);
  third.kill('SIGTERM');
  await eventually(allFree, 'every port free');

  const other = createServer();
  await new Promise((resolve) => other.listen(ports.api, '127.0.0.1', () => resolve(undefined)));
  try {
    const fourth = start();
    await eventually(() => fourth.exitCode !== null, 'the start gives up');
    assert.equal(fourth.exitCode, 1);
    assert.match(fourth.log(), new RegExp(`Port ${ports.api} \\(API\\) is in use by process ${process.pid}: `));
    assert.equal(pidOn(ports.shop), undefined, 'nothing was started');
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
