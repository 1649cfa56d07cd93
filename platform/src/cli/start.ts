// npm start: builds what is missing, makes the current build of each front end its live release
// (publishing it into the release store when it is new), then runs the API and the four front-end
// servers, which serve the store. npm run serve (--serve-only): the store as it is, nothing built.
// npm run dev (--dev): webpack dev servers and an API that reloads on change.
import { join } from 'node:path';
import { buildFrontEnds, isBuildStale } from '../build';
import { originOf, ports } from '../config/runtimeConfig';
import { FRONT_ENDS, SERVE_ORDER } from '../frontEnds';
import { ensureLive } from '../releases/publish';
import { storeDir } from '../releases/store';
import { ROOT } from '../root';
import { CHILD_PRELOAD_ARGS, Supervisor, freePorts } from '../server/supervisor';

/** How long the shell waits for a remote's server to be ready; a remote still down then renders in the browser. */
const REMOTE_START_MS = 30000;

export async function main(args: string[]): Promise<void> {
  const dev = args.includes('--dev');
  const serveOnly = args.includes('--serve-only');
  const store = storeDir();
  const supervisor = new Supervisor();

  let stopping = false;
  async function stop(code = 0): Promise<void> {
    if (stopping) return;
    stopping = true;
    await supervisor.stop();
    process.exit(code);
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const node = (nodeArgs: string[]) => ({ command: process.execPath, args: [...CHILD_PRELOAD_ARGS, ...nodeArgs] });
  const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
  const p = ports();

  const problems = await freePorts({
    API: p.api,
    ...Object.fromEntries(FRONT_ENDS.map((fe) => [fe.area, p[fe.area]])),
  });
  if (problems.length) {
    console.error(
      `Marketplace cannot start:\n  ${problems.join('\n  ')}\nStop that program or set the port (README: Ports and configuration).`,
    );
    process.exit(1);
  }

  if (dev) {
    supervisor.run({
      label: 'api',
      ...node([bin('tsx'), 'watch', 'api/src/main.ts']),
      env: { ...process.env, ...frontEndOrigins(), PORT: String(p.api) },
    });
    for (const fe of FRONT_ENDS) {
      supervisor.run({
        label: fe.area,
        ...node([bin('webpack'), 'serve', '--mode', 'development']),
        cwd: join(ROOT, fe.dir),
      });
    }
  } else {
    if (!serveOnly) {
      const stale = FRONT_ENDS.filter(isBuildStale);
      if (stale.length) {
        console.log(`Building ${stale.map((fe) => fe.dir).join(', ')} (first start or changed sources) ...`);
        const seconds = await buildFrontEnds(stale);
        console.log(`Built in ${seconds.toFixed(1)} s`);
      }
      for (const fe of FRONT_ENDS) {
        const { release, action } = await ensureLive(store, fe.area, join(ROOT, fe.dir, 'dist'));
        console.log(`${fe.area}: release ${release.id} ${action === 'live' ? 'is live' : 'published and made live'}`);
      }
    }
    supervisor.run({
      label: 'api',
      ...node(['api/src/main.ts']),
      env: { ...process.env, ...frontEndOrigins(), PORT: String(p.api), NODE_ENV: 'production', RELEASES_DIR: store },
    });
    // Each front-end server a process of its own: one that fails is started again alone. The
    // remotes first, each ready before the next starts: the shell's server loads their server code
    // as it starts, and the first pages would otherwise render their areas in the browser.
    for (const fe of SERVE_ORDER) {
      supervisor.run({
        label: fe.area,
        ...node(['scripts/serve-releases.mjs', fe.area, String(p[fe.area])]),
        env: { ...process.env, RELEASES_DIR: store },
      });
      if (fe.area !== 'shell') await answers(`http://localhost:${p[fe.area]}/readyz`, REMOTE_START_MS);
    }
  }

  /** Waits until `url` answers (at most `withinMs`), so what depends on it works when it is used. */
  async function answers(url: string, withinMs = 180000): Promise<boolean> {
    const deadline = Date.now() + withinMs;
    while (!stopping && Date.now() < deadline) {
      try {
        if ((await fetch(url)).ok) return true;
      } catch {
        // still starting (the first start creates and seeds the database)
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return false;
  }

  const ready =
    (await answers(`http://localhost:${p.api}/health`)) && (await answers(`http://localhost:${p.shell}/config.json`));
  console.log(
    `\nMarketplace is ${ready ? 'running' : 'starting (the API is slow to answer)'}. Open http://localhost:${p.shell}`,
  );
  console.log(`  shell ${p.shell} · shop ${p.shop} · account ${p.account} · auction ${p.auction} · API ${p.api}`);
  console.log('  A part that stops is started again. Ctrl-C stops everything.\n');
}

/**
 * The API's CORS origins: the four front ends where this start serves them (their ports may be
 * moved), the shell's first (the API's mails link to it), unless CORS_ORIGINS says otherwise.
 */
function frontEndOrigins(): { CORS_ORIGINS: string } {
  return { CORS_ORIGINS: process.env.CORS_ORIGINS || FRONT_ENDS.map((fe) => originOf(fe.area)).join(',') };
}
