// One page to render, as data (RenderJob): built by the rendering host (renderer.ts) and run where
// the page's releases are loaded: on the main thread for the live releases, in a render worker
// (renderWorker.ts) for a visitor's canaries. Both run it with runRenderJob, so a page renders the
// same way in either.
import type { FrontEndName, RemoteName } from '../frontEnds';
import type { RenderedPage, RuntimeConfig, ShellServerBuild } from './renderContract';
import {
  pageStylesheets,
  stylesUsed,
  type ReleaseStylesheets,
  type StylesheetShelf,
  type StylesheetsAt,
} from './stylesheets';

/** A page render's inputs: plain data, so it crosses to a worker as it is. */
export interface RenderJob {
  url: string;
  config: RuntimeConfig;
  serverEntries: Partial<Record<RemoteName, string>>;
  serverRoutes: Partial<Record<RemoteName, readonly string[]>>;
  /** Each release's CSS (the shell's and every remote's of the config). */
  stylesheets: Partial<Record<FrontEndName, StylesheetsAt>>;
  /** The shell release's page. */
  template: string;
  apiUrl: string;
  origin: string;
  remoteBudgetMs: number;
  dataTimeoutMs: number;
  renderBudgetMs: number;
}

/** Renders `job` with a shell release's server build; `shelf` reads the releases' CSS (once per thread). */
export async function runRenderJob(
  build: ShellServerBuild,
  job: RenderJob,
  shelf: StylesheetShelf,
): Promise<RenderedPage> {
  const stylesheets: Partial<Record<FrontEndName, ReleaseStylesheets>> = {};
  for (const [frontEnd, at] of Object.entries(job.stylesheets) as [FrontEndName, StylesheetsAt][]) {
    const sheets = shelf.get(at);
    if (sheets) stylesheets[frontEnd] = sheets;
  }
  // The CSS modules the render's components use note it in this set (stylesUsed, of this thread).
  const used = new Set<string>();
  return stylesUsed.run(used, () =>
    build.renderPage({
      url: job.url,
      config: job.config,
      serverEntries: job.serverEntries,
      serverRoutes: job.serverRoutes,
      // The files of the CSS modules the render used, whichever release they are from: a shared
      // module (the carousel) renders with the classes of whichever remote's copy this thread
      // loaded first, so its CSS may be another remote's.
      pageStylesheets: (area) => pageStylesheets(stylesheets, used, area),
      stylesheetsFor: (_root, area) =>
        [stylesheets.shell, area ? stylesheets[area] : undefined].flatMap((release) =>
          release ? release.allFiles().map((name) => `${release.base}${name}`) : [],
        ),
      template: job.template,
      apiUrl: job.apiUrl,
      origin: job.origin,
      remoteBudgetMs: job.remoteBudgetMs,
      dataTimeoutMs: job.dataTimeoutMs,
      renderBudgetMs: job.renderBudgetMs,
    }),
  );
}
