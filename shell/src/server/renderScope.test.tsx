import { setImmediate } from 'node:timers';
import { apiBaseUrl, inRenderScope } from '@marketplace/shared';
import { renderPage, type RenderRequest } from './renderPage';

// The edge: the federation runtime. A registered name loads the container of the entry it was
// last registered with (as the runtime does); its App says which entry that was.
jest.mock('@module-federation/enhanced/runtime', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const registered = new Map<string, string>();
  return {
    registerRemotes: (remotes: { name: string; entry: string }[]) => {
      for (const { name, entry } of remotes) registered.set(name, entry);
    },
    loadRemote: async (id: string) => {
      const entry = registered.get(id.split('/')[0]);
      if (!entry) throw new Error(`${id} is not registered`);
      return { default: () => createElement('p', null, `shop release at ${entry}`) };
    },
  };
});

// React's server renderer schedules its work with Node's setImmediate, which jsdom's globals lack.
Object.assign(globalThis, { setImmediate });

const TEMPLATE =
  '<!doctype html><html><head><title>Marketplace</title></head><body><div id="root"></div></body></html>';

function request(routes: Record<string, string[]>, apiUrl: string): RenderRequest {
  return {
    url: '/preview-only',
    config: { apiUrl, remotes: {}, routes },
    serverEntries: {},
    serverRoutes: {},
    apiUrl,
    remoteBudgetMs: 1000,
    dataTimeoutMs: 1000,
    renderBudgetMs: 5000,
    template: TEMPLATE,
    pageStylesheets: () => [],
    stylesheetsFor: () => [],
    origin: 'https://shop.example',
  };
}

describe('renders at once, each with its own config', () => {
  test('a preview with a page the live routes lack, rendered beside the live one: each gets its own routes', async () => {
    // Started together, as the rendering server runs up to four renders at once.
    const [preview, live] = await Promise.all([
      renderPage(request({ shop: ['/preview-only'] }, 'http://api-preview.example')),
      renderPage(request({ shop: ['/'] }, 'http://api-live.example')),
    ]);
    // The preview serves the page (its area is left to the browser: no server build here) ...
    expect(preview.status).toBe(200);
    expect(preview.html).not.toMatch(/Page Not Found|page you are looking for/i);
    // ... the live routes do not.
    expect(live.status).toBe(404);
    expect(live.html).toMatch(/Page Not Found|page you are looking for/i);
  });

  test("a preview's release of a remote and the live one, rendered at once: no page shows another release's area", async () => {
    const rendering = (entry: string) =>
      renderPage({
        ...request({ shop: ['/newarrival'] }, 'http://api.example'),
        url: '/newarrival',
        serverEntries: { shop: entry },
        serverRoutes: { shop: ['/newarrival'] },
      });
    const [preview, live] = await Promise.all([
      rendering('http://localhost:3001/p1-00000001/server/remoteEntry.js'),
      rendering('http://localhost:3001/l1-00000002/server/remoteEntry.js'),
    ]);
    // The process's federation runtime holds one container per remote, the last registered: the
    // live one. The preview's area is left to the browser (which loads the preview's release).
    expect(live.html).toContain('shop release at http://localhost:3001/l1-00000002/server/remoteEntry.js');
    expect(preview.html).not.toContain('shop release at');
  });

  test("the API's URL is the render's own across its awaits", async () => {
    const seen = await Promise.all(
      ['http://api-a.example', 'http://api-b.example'].map((apiUrl) =>
        inRenderScope({ apiUrl }, async () => {
          const before = apiBaseUrl();
          await new Promise((resolve) => setTimeout(resolve, 5));
          return [before, apiBaseUrl()];
        }),
      ),
    );
    expect(seen).toEqual([
      ['http://api-a.example', 'http://api-a.example'],
      ['http://api-b.example', 'http://api-b.example'],
    ]);
  });
});
