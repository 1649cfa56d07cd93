// The release journeys' own release store (releases.test.ts, canary.test.ts): a copy of the
// suite's (the current build of every front end, live), the ports of the servers they start on
// it, and `npm run release -- …` against it.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RELEASES_SHELL_PORT } from './stack.mjs';
import { ROOT } from '../../platform/src/root';

const run = promisify(execFile);

/** A journey's store under a scratch folder (`work`, removed by the journey) named for `label`. */
export function journeyStore(label: string) {
  const work = mkdtempSync(join(tmpdir(), `marketplace-${label}-`));
  const store = join(work, 'store');
  cpSync(process.env.E2E_RELEASES_DIR!, store, { recursive: true });
  const ports = {
    shell: RELEASES_SHELL_PORT,
    shop: RELEASES_SHELL_PORT + 1,
    account: RELEASES_SHELL_PORT + 2,
    auction: RELEASES_SHELL_PORT + 3,
  };
  return {
    work,
    store,
    ports,
    shellUrl: `http://localhost:${ports.shell}`,
    /** What the journey's front-end servers run with: this store, and the remotes' ports. */
    serverEnv: {
      RELEASES_DIR: store,
      SHOP_PORT: String(ports.shop),
      ACCOUNT_PORT: String(ports.account),
      AUCTION_PORT: String(ports.auction),
    },
    /** `npm run release -- …` against this store (from `cwd`, with `env` added); returns its output. */
    async release(args: string[], { cwd = ROOT, env = {} }: { cwd?: string; env?: Record<string, string> } = {}) {
      const { stdout } = await run(process.execPath, ['scripts/release.mjs', ...args], {
        cwd,
        env: { ...process.env, RELEASES_DIR: store, ...env },
      });
      return stdout;
    },
  };
}
