// The shell's rendering entry: its server build's main.js, which the rendering server loads from
// the live shell release (scripts/render/). Behind an async boundary, as the browser entry is:
// module federation negotiates the shared libraries before any of them loads.
import type { RenderRequest, RenderedPage } from './renderPage';

export type { RenderRequest, RenderedPage };

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const { renderPage: render } = await import('./renderPage');
  return render(request);
}
