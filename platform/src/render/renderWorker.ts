// A render worker's thread (node:worker_threads): renders the pages of one set of releases other
// than the live ones (a visitor's canaries). A worker has its own globalThis and module registry,
// so the federation runtime of the shell's server build it loads holds that set's remote
// containers beside the main thread's live ones, and its CSS modules note their use in this
// thread's stylesUsed. Started by RenderWorkers (renderWorkers.ts) through renderWorker.mjs.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { RemoteName } from '../frontEnds';
import type { RenderedPage, ShellServerBuild } from './renderContract';
import { runRenderJob, type RenderJob } from './renderJob';
import { StylesheetShelf } from './stylesheets';

/** What a worker is started with. */
export interface RenderWorkerData {
  /** The shell release's server/main.js. */
  main: string;
  /** The set's remote containers, loaded before the first render. */
  serverEntries: Partial<Record<RemoteName, string>>;
  /** How long the first render waits for them: a remote that takes longer renders in the browser. */
  preloadWaitMs: number;
}

/** A page to render, and its answer (`error`: the render failed; the page renders in the browser). */
export interface RenderMessage {
  id: number;
  job: RenderJob;
}
export type RenderReply = { id: number; page: RenderedPage } | { id: number; error: string };

/** Runs in the worker: loads the shell's build and its remotes, then renders each job it is sent. */
function serve(port: NonNullable<typeof parentPort>, { main, serverEntries, preloadWaitMs }: RenderWorkerData): void {
  const build = createRequire(import.meta.url)(main) as ShellServerBuild;
  const shelf = new StylesheetShelf(console);
  let waited: NodeJS.Timeout | undefined;
  const preloaded = Promise.race([
    build.preloadAreas({ serverEntries }).catch(() => undefined),
    new Promise((resolve) => (waited = setTimeout(resolve, preloadWaitMs))),
  ]).finally(() => clearTimeout(waited));
  port.on('message', async ({ id, job }: RenderMessage) => {
    let reply: RenderReply;
    try {
      await preloaded;
      reply = { id, page: await runRenderJob(build, job, shelf) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  });
}

if (parentPort) serve(parentPort, workerData as RenderWorkerData);
