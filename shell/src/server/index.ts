// The shell's rendering entry: its server build's main.js, which the rendering server loads from
// the live shell release (platform/src/render/). Behind an async boundary, as the browser entry is:
// module federation negotiates the shared libraries before any of them loads. What it answers is
// the platform's render contract (ShellServerBuild), checked below.
import type { RenderRequest, RenderedPage, ShellServerBuild } from '@marketplace/platform/render-contract';

export type { RenderRequest, RenderedPage };

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const { renderPage: render } = await import('./renderPage');
  return render(request);
}

/**
 * Loads each remote's server code ahead of the first page that needs it (after a start or a
 * release change), so that page is not left to the browser for being the first.
 */
export async function preloadAreas(request: Pick<RenderRequest, 'serverEntries'>): Promise<string[]> {
  const { preloadAreas: preload } = await import('./renderPage');
  return preload(request);
}

/** 404 when no front end serves the page's path (the live routes), else 200. */
export async function pathStatus(request: Pick<RenderRequest, 'url' | 'config'>): Promise<200 | 404> {
  const { pathStatus: status } = await import('./renderPage');
  return status(request);
}

// The host loads this module as a ShellServerBuild: a change to either side that breaks the seam fails the type check.
({ renderPage, preloadAreas, pathStatus }) satisfies ShellServerBuild;
