import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DataDirLockedError } from '../src/db/lock';
import { runOps } from '../src/ops';
import { startServer } from './helpers/server';
import { preparePgliteDir } from './helpers/pglite-template';
import { anonToken, signedInUser } from './helpers/accounts';

const API_DIR = path.resolve(__dirname, '..');
const TSX = path.resolve(API_DIR, '..', 'node_modules', '.bin', 'tsx');

function tmpDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-ops-'));
}

/** A temp folder holding an initialised PGlite cluster in `db`. */
async function freshDataDir() {
  const tmp = tmpDir();
  const dataDir = path.join(tmp, 'db');
  await preparePgliteDir(dataDir);
  return { tmp, dataDir };
}

function quietConfig(dataDir: string) {
  return loadConfig(
    {},
    {
      dataDir,
      port: 0,
      host: '127.0.0.1',
      scrypt: { N: 1024, r: 8, p: 1 },
      outboxDir: path.join(dataDir, '..', 'outbox'),
    },
  );
}

/** Runs `tsx src/main.ts` with the given environment; resolves when it exits or prints `until`. */
function runMain(env: Record<string, string>, until?: RegExp) {
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SCRYPT_N: '1024',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (until && until.test(out)) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      if (until && !until.test(out)) reject(new Error(`exited before ${until}: ${out}`));
      else resolve();
    });
  });
  return { child, exited, ready, output: () => out };
}

describe('PGlite folder lock and process lifecycle', () => {
  it('refuses a second server on the same folder, in this process and in another one', async () => {
    const { tmp, dataDir } = await freshDataDir();
    const first = await buildApp(quietConfig(dataDir), { logger: false });
    try {
      expect(fs.readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid));
      await expect(buildApp(quietConfig(dataDir), { logger: false })).rejects.toThrow(DataDirLockedError);
      await expect(buildApp(quietConfig(dataDir), { logger: false })).rejects.toThrow(
        /in use by another API process \(pid \d+\)/,
      );

      const other = runMain({ DATA_DIR: dataDir });
      const code = await other.exited;
      expect(code).toBe(2);
      expect(other.output()).toMatch(/API not started: The database folder is in use by another API process/);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    // Released: the folder opens again, with the data still there.
    const again = await buildApp(quietConfig(dataDir), { logger: false });
    const count = await again.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(60);
    await again.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('takes over a lock left by a dead process', async () => {
    const { tmp, dataDir } = await freshDataDir();
    const dead = spawn(process.execPath, ['-e', '']);
    const deadPid = dead.pid!;
    await new Promise((r) => dead.on('exit', r));
    fs.writeFileSync(`${dataDir}.lock`, `${deadPid}\n`);
    const app = await buildApp(quietConfig(dataDir), { logger: false });
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('starts with `tsx src/main.ts`, prints its URL, and closes the database on SIGTERM', async () => {
    const { tmp, dataDir } = await freshDataDir();
    const proc = runMain(
      { DATA_DIR: dataDir, OUTBOX_DIR: path.join(tmp, 'outbox') },
      /listening on (http:\/\/localhost:\d+)/,
    );
    await proc.ready;
    const url = /listening on (http:\/\/localhost:\d+)/.exec(proc.output())![1];
    const res = await fetch(`${url}/products`);
    expect(res.status).toBe(200);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs operator commands: db:migrate, and explains unknown ones', async () => {
    const { tmp, dataDir } = await freshDataDir();
    const previous = process.env.DATA_DIR;
    process.env.DATA_DIR = dataDir;
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((...a) => void lines.push(a.join(' ')));
    const err = jest.spyOn(console, 'error').mockImplementation((...a) => void lines.push(a.join(' ')));
    try {
      expect(await runOps(['db:migrate'])).toBe(0);
      expect(lines.join('\n')).toMatch(/Applied migrations: 0001_initial/);
      lines.length = 0;
      expect(await runOps(['db:migrate'])).toBe(0);
      expect(lines.join('\n')).toMatch(/up to date/);
      lines.length = 0;
      expect(await runOps(['db:explode'])).toBe(1);
      expect(lines.join('\n')).toMatch(/Unknown command 'db:explode'/);
      expect(lines.join('\n')).toMatch(/db:migrate/);
    } finally {
      log.mockRestore();
      err.mockRestore();
      if (previous === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = previous;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('mail outbox and logs', () => {
  it('writes the reset mail to the outbox, prints the code in the log, and never logs passwords or tokens', async () => {
    const s = await startServer('pglite');
    try {
      const u = await signedInUser(s);
      await s.get('/getuserdata', { authtoken: u.token });
      await s.post('/checkuserdata', { authtoken: u.token, password: u.password });
      const r = await s.post('/otpemail', { email: u.email, authtoken: await anonToken(s) });
      const resetToken = r.body.data.resetToken;
      const outbox = s.config.outboxDir;
      // The mail is written in the background and its code logged once the file is complete.
      let files: string[] = [];
      for (let i = 0; i < 100 && !(files.length && s.logs.join('').includes(`reset code for ${u.email}`)); i++) {
        await new Promise((res) => setTimeout(res, 30));
        files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      }
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
      const code = /reset code is:\s*(\d{6})/.exec(eml)![1];
      expect(eml).toMatch(new RegExp(`To: ${u.email}`));
      const log = s.logs.join('');
      expect(log).toContain(`reset code for ${u.email} is ${code}`);
      await s.post('/otpemailcheck', { otp: `${code},${u.email}`, authtoken: resetToken });
      await s.put('/updatecus', { authtoken: resetToken, password: 'Logged@Never1' });
      const all = s.logs.join('');
      for (const secret of [u.password, 'Logged@Never1', u.token, resetToken]) expect(all).not.toContain(secret);
      expect(all).not.toMatch(/scrypt\$/);
    } finally {
      await s.stop();
    }
  });
});
