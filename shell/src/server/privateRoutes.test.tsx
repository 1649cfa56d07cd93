import { setImmediate } from 'node:timers';
import { renderPage, type RenderRequest } from './renderPage';

// The edge: the federation runtime. The shop's App is a page that reports its title and no
// noindex, as a private page that forgets it would.
jest.mock('@module-federation/enhanced/runtime', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const { usePageMeta } = jest.requireActual<typeof import('@marketplace/shared')>('@marketplace/shared');
  function CartPage() {
    usePageMeta({ title: 'Shopping Cart' });
    return createElement('h1', null, 'Shopping Cart');
  }
  return {
    registerRemotes: () => undefined,
    loadRemote: async () => ({ default: CartPage }),
  };
});

// React's server renderer schedules its work with Node's setImmediate, which jsdom's globals lack.
Object.assign(globalThis, { setImmediate });

const TEMPLATE =
  '<!doctype html><html><head><title>Marketplace</title></head><body><div id="root"></div></body></html>';
const ENTRY = 'http://localhost:3001/l1-00000002/server/remoteEntry.js';

function request(url: string, privateRoutes: Record<string, string[]>): RenderRequest {
  return {
    url,
    config: { apiUrl: 'http://api.example', remotes: {}, routes: { shop: ['/viewcart', '/review'] }, privateRoutes },
    serverEntries: { shop: ENTRY },
    serverRoutes: { shop: ['/viewcart', '/review'] },
    apiUrl: 'http://api.example',
    remoteBudgetMs: 1000,
    dataTimeoutMs: 1000,
    renderBudgetMs: 5000,
    template: TEMPLATE,
    pageStylesheets: () => [],
    stylesheetsFor: () => [],
    origin: 'https://shop.example',
  };
}

const ROBOTS_NOINDEX = '<meta name="robots" content="noindex">';

test("a route its remote's manifest marks private is served noindex, though its page does not say so", async () => {
  const page = await renderPage(request('/viewcart', { shop: ['/viewcart'] }));
  expect(page.html).toContain('<title>Shopping Cart | Marketplace</title>');
  expect(page.html).toContain(ROBOTS_NOINDEX);
  expect(page.html).not.toContain('rel="canonical"');
});

test('a public route of the same page keeps its canonical link and no robots tag', async () => {
  const page = await renderPage(request('/review', { shop: ['/viewcart'] }));
  expect(page.html).toContain('<link rel="canonical" href="https://shop.example/review">');
  expect(page.html).not.toContain('name="robots"');
});

test("a private shell page is served noindex (the shell's own manifest)", async () => {
  const page = await renderPage(request('/getcontact', {}));
  expect(page.html).toContain(ROBOTS_NOINDEX);
});
