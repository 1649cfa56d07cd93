import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh PGlite folder costs an initdb (several seconds on a busy machine). Tests copy an
 * initialised, empty cluster instead, made once per PGlite version; migrations and the seed
 * still run on every copy through the real startup code.
 */
export async function preparePgliteDir(dataDir: string): Promise<void> {
  const template = await ensurePgliteTemplate();
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.cpSync(path.join(template, 'db'), dataDir, { recursive: true });
}

/**
 * Builds the template once (jest's globalSetup calls this before any suite, so a cold machine's
 * slow first initdb does not count against a suite's hook timeout); returns its folder.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  const template = path.join(os.tmpdir(), `mkt-pglite-template-${version}`);
  const ready = path.join(template, '.ready');
  if (!fs.existsSync(ready)) {
    const lockDir = `${template}.building`;
    let owner = false;
    try {
      fs.mkdirSync(lockDir);
      owner = true;
    } catch {
      /* another worker builds it */
    }
    if (owner) {
      try {
        const build = `${template}.tmp-${process.pid}`;
        fs.rmSync(build, { recursive: true, force: true });
        fs.mkdirSync(build, { recursive: true });
        const { PGlite } = await import('@electric-sql/pglite');
        const db = await PGlite.create({ dataDir: path.join(build, 'db') });
        await db.close();
        fs.writeFileSync(path.join(build, '.ready'), '');
        fs.rmSync(template, { recursive: true, force: true });
        fs.renameSync(build, template);
      } finally {
        fs.rmSync(lockDir, { recursive: true, force: true });
      }
    } else {
      const deadline = Date.now() + 120_000;
      while (!fs.existsSync(ready)) {
        if (Date.now() > deadline) throw new Error('PGlite template was not built in time');
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }
  return template;
}
