// The rendering server's page cache (platform/src/render/pageCache.ts), its follower of the API's
// change stream (platform/src/render/catalogueChanges.ts) and a page's stylesheets
// (platform/src/render/stylesheets.ts): npm test -w platform
import assert from 'node:assert/strict';
import http from 'node:http';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PageCache } from '../src/render/pageCache';
import { followCatalogueChanges } from '../src/render/catalogueChanges';
import { isStale, pageUrl } from '../src/render/renderer';
import { routesFile } from '../src/routes/routeManifest';
import styleUseLoader from '../src/render/styleUseLoader';
import { pageStylesheets, ReleaseStylesheets, stylesUsed, usedStyleKey } from '../src/render/stylesheets';
import { scratchFolders } from './helpers.mjs';

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    /** @param {number} ms */
    advance(ms) {
      now += ms;
    },
  };
}

/** What a page '/pN' with the body '<p>N</p>' costs: its URL's length and its body's. */
const ENTRY = '/p1'.length + '<p>1</p>'.length;

describe('PageCache', () => {
  test('serves a page until it expires, by the injected clock', () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    const page = cache.set('/newarrival', 200, '<p>new</p>', 60);
    assert.equal(page.status, 200);
    assert.equal(page.body.toString('utf8'), '<p>new</p>');
    assert.equal(page.expires, time.now() + 60_000);

    time.advance(59_999);
    assert.equal(cache.get('/newarrival'), page);
    time.advance(1);
    assert.equal(cache.get('/newarrival'), null);
    assert.equal(cache.size, 0);
  });

  test('answers null for a page it never kept', () => {
    assert.equal(new PageCache().get('/nothing'), null);
  });

  for (const seconds of [0, -5]) {
    test(`does not keep a page that may be served for ${seconds} seconds, and drops the page it had`, () => {
      const cache = new PageCache({ now: clock().now });
      cache.set('/productdetails/1', 200, '<p>old</p>', 60);
      const page = cache.set('/productdetails/1', 200, '<p>private</p>', seconds);
      assert.equal(page.body.toString('utf8'), '<p>private</p>');
      assert.equal(cache.get('/productdetails/1'), null);
      assert.equal(cache.size, 0);
    });
  }

  test('names a body by its content: the same HTML the same key, other HTML another', () => {
    const cache = new PageCache({ now: clock().now });
    const first = cache.set('/a', 200, '<p>one</p>', 60);
    const same = cache.set('/b', 200, '<p>one</p>', 60);
    const other = cache.set('/a', 200, '<p>two</p>', 60);
    assert.match(first.key, /^page:[\w-]+$/);
    assert.equal(same.key, first.key);
    assert.notEqual(other.key, first.key);
    assert.equal(cache.get('/a')?.key, other.key);
  });

  test('within maxBytes, the page used longest ago gives way', () => {
    const cache = new PageCache({ maxBytes: 3 * ENTRY, now: clock().now });
    cache.set('/p1', 200, '<p>1</p>', 60);
    cache.set('/p2', 200, '<p>2</p>', 60);
    cache.set('/p3', 200, '<p>3</p>', 60);
    assert.equal(cache.size, 3);
    assert.ok(cache.get('/p1'), '/p1 used again: now the most recent');

    cache.set('/p4', 200, '<p>4</p>', 60);
    assert.equal(cache.size, 3);
    assert.equal(cache.get('/p2'), null, 'the one used longest ago went');
    assert.ok(cache.get('/p1'));
    assert.ok(cache.get('/p3'));
    assert.ok(cache.get('/p4'));
  });

  test('makes room for a larger page by dropping as many as it takes', () => {
    const cache = new PageCache({ maxBytes: 3 * ENTRY, now: clock().now });
    cache.set('/p1', 200, '<p>1</p>', 60);
    cache.set('/p2', 200, '<p>2</p>', 60);
    cache.set('/p3', 200, '<p>3</p>', 60);
    cache.set('/big', 200, 'x'.repeat(16), 60); // 20 bytes: more than one entry's, less than two
    assert.equal(cache.get('/p1'), null);
    assert.equal(cache.get('/p2'), null);
    assert.ok(cache.get('/p3'));
    assert.ok(cache.get('/big'));
  });

  test('does not keep a page larger than maxBytes, and keeps the others', () => {
    const cache = new PageCache({ maxBytes: 3 * ENTRY, now: clock().now });
    cache.set('/p1', 200, '<p>1</p>', 60);
    const huge = cache.set('/huge', 200, 'x'.repeat(100), 60);
    assert.equal(huge.body.length, 100);
    assert.equal(cache.get('/huge'), null);
    assert.ok(cache.get('/p1'));
  });

  test('counts a page set again once: replacing it frees its old bytes', () => {
    const cache = new PageCache({ maxBytes: 3 * ENTRY, now: clock().now });
    cache.set('/p1', 200, '<p>1</p>', 60);
    cache.set('/p2', 200, '<p>2</p>', 60);
    for (let i = 0; i < 10; i += 1) cache.set('/p3', 200, `<p>${i}</p>`, 60);
    assert.equal(cache.size, 3);
    assert.ok(cache.get('/p1'));
    assert.ok(cache.get('/p2'));
  });

  test('counts an expired page dropped by get: its bytes are free again', () => {
    const time = clock();
    const cache = new PageCache({ maxBytes: 2 * ENTRY, now: time.now });
    cache.set('/p1', 200, '<p>1</p>', 10);
    cache.set('/p2', 200, '<p>2</p>', 60);
    time.advance(10_000);
    assert.equal(cache.get('/p1'), null);
    cache.set('/p3', 200, '<p>3</p>', 60);
    assert.ok(cache.get('/p2'), 'the expired page made the room, not /p2');
    assert.ok(cache.get('/p3'));
  });

  test('drop(match) drops the pages whose URL matches; drop() drops them all', () => {
    const cache = new PageCache({ now: clock().now });
    cache.set('/auction/3', 200, 'a3', 60);
    cache.set('/auction/4', 200, 'a4', 60);
    cache.set('/newarrival', 200, 'new', 60);
    cache.drop((url) => url === '/auction/3');
    assert.equal(cache.get('/auction/3'), null);
    assert.ok(cache.get('/auction/4'));
    assert.ok(cache.get('/newarrival'));

    cache.drop();
    assert.equal(cache.size, 0);
    assert.equal(cache.get('/auction/4'), null);
  });

  test('frees the bytes of dropped pages', () => {
    const cache = new PageCache({ maxBytes: 2 * ENTRY, now: clock().now });
    cache.set('/p1', 200, '<p>1</p>', 60);
    cache.set('/p2', 200, '<p>2</p>', 60);
    cache.drop((url) => url === '/p1');
    cache.set('/p3', 200, '<p>3</p>', 60);
    assert.ok(cache.get('/p2'));
    assert.ok(cache.get('/p3'));
  });
});

/**
 * Records what a follower reports; `next(kind)` waits for the next report of that kind not yet
 * waited for.
 */
function reports() {
  /** @type {{ kind: string, value?: unknown }[]} */
  const seen = [];
  /** @type {Map<string, number>} */
  const taken = new Map();
  /** @type {{ kind: string, resolve: (value: unknown) => void }[]} */
  const waiting = [];
  const report = (kind, value) => {
    seen.push({ kind, value });
    for (const waiter of [...waiting]) {
      if (waiter.kind === kind && take(kind)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(value);
      }
    }
  };
  /** The next unconsumed report of `kind`, if there is one (marked consumed). */
  const take = (kind) => {
    const of = seen.filter((r) => r.kind === kind);
    const index = taken.get(kind) ?? 0;
    if (index >= of.length) return null;
    taken.set(kind, index + 1);
    return of[index];
  };
  return {
    seen,
    /** @param {string} kind */
    count: (kind) => seen.filter((r) => r.kind === kind).length,
    /** @param {string} kind */
    next(kind) {
      const found = take(kind);
      if (found) return Promise.resolve(found.value);
      return new Promise((resolve) => waiting.push({ kind, resolve }));
    },
    handlers: {
      onConnected: () => report('connected'),
      onDisconnected: () => report('disconnected'),
      onChange: (change) => report('change', change),
      log: { warn: (message) => report('warn', message) },
    },
  };
}

/**
 * An API that answers GET /catalogue/changes by handing each request to the test
 * (`nextStream()`); `close()` ends every connection and stops it.
 */
async function changeStreamServer() {
  /** @type {{ req: http.IncomingMessage, res: http.ServerResponse }[]} */
  const arrived = [];
  /** @type {((stream: { req: http.IncomingMessage, res: http.ServerResponse }) => void)[]} */
  const waiting = [];
  const server = http.createServer((req, res) => {
    const stream = { req, res };
    const waiter = waiting.shift();
    if (waiter) waiter(stream);
    else arrived.push(stream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** @returns {Promise<{ req: http.IncomingMessage, res: http.ServerResponse }>} */
    nextStream() {
      const stream = arrived.shift();
      return stream ? Promise.resolve(stream) : new Promise((resolve) => waiting.push(resolve));
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Opens the event stream on `res`. */
function openStream(res) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  res.flushHeaders();
}

describe('followCatalogueChanges', () => {
  test('reports ready, each change, and a stream that ends; then reconnects and is ready again', async (t) => {
    const api = await changeStreamServer();
    t.after(() => api.close());
    const events = reports();
    const follower = followCatalogueChanges(api.url, events.handlers);
    t.after(() => follower.close());

    const first = await api.nextStream();
    assert.equal(first.req.method, 'GET');
    assert.equal(first.req.url, '/catalogue/changes');
    assert.equal(first.req.headers.accept, 'text/event-stream');
    openStream(first.res);
    assert.equal(follower.connected, false, 'not connected before ready');
    first.res.write('event: ready\ndata: {}\n\n');
    await events.next('connected');
    assert.equal(follower.connected, true);

    first.res.write('event: change\ndata: {"scope":"auction","id":3}\n\n');
    assert.deepEqual(await events.next('change'), { scope: 'auction', id: 3 });
    first.res.write('event: change\ndata: {"scope":"catalogue"}\n\n');
    assert.deepEqual(await events.next('change'), { scope: 'catalogue' });

    first.res.end();
    await events.next('disconnected');
    assert.equal(follower.connected, false);

    const second = await api.nextStream();
    assert.equal(second.req.url, '/catalogue/changes');
    openStream(second.res);
    second.res.write('event: ready\ndata: {}\n\n');
    await events.next('connected');
    assert.equal(follower.connected, true);
    second.res.write('event: change\ndata: {"scope":"auction","id":4}\n\n');
    assert.deepEqual(await events.next('change'), { scope: 'auction', id: 4 });
    assert.deepEqual(
      events.seen.map((r) => r.kind),
      ['connected', 'change', 'change', 'disconnected', 'connected', 'change'],
    );
  });

  test('reads an event written in pieces, and several in one piece; ignores other events and comments', async (t) => {
    const api = await changeStreamServer();
    t.after(() => api.close());
    const events = reports();
    const follower = followCatalogueChanges(api.url, events.handlers);
    t.after(() => follower.close());

    const { res } = await api.nextStream();
    openStream(res);
    res.write('event: ready\ndata: {}\n\n');
    await events.next('connected');

    res.write('event: cha');
    res.write('nge\ndata: {"scope":"auc');
    res.write('tion","id":5}\n');
    res.write('\n');
    assert.deepEqual(await events.next('change'), { scope: 'auction', id: 5 });

    res.write(
      ': a comment to keep the stream open\n\nevent: ping\ndata: 1\n\n' +
        'event: change\ndata: {"scope":"auction","id":6}\n\nevent: change\ndata: {"scope":"auction","id":7}\n\n',
    );
    assert.deepEqual(await events.next('change'), { scope: 'auction', id: 6 });
    assert.deepEqual(await events.next('change'), { scope: 'auction', id: 7 });
    assert.equal(events.count('change'), 3);
  });

  test('takes a change it cannot read for a change of the whole catalogue', async (t) => {
    const api = await changeStreamServer();
    t.after(() => api.close());
    const events = reports();
    const follower = followCatalogueChanges(api.url, events.handlers);
    t.after(() => follower.close());

    const { res } = await api.nextStream();
    openStream(res);
    res.write('event: ready\ndata: {}\n\n');
    await events.next('connected');
    res.write('event: change\ndata: not json\n\n');
    assert.deepEqual(await events.next('change'), { scope: 'catalogue' });
  });

  test('is not connected by a stream the API refuses, and tries again', async (t) => {
    const api = await changeStreamServer();
    t.after(() => api.close());
    const events = reports();
    const follower = followCatalogueChanges(api.url, events.handlers);
    t.after(() => follower.close());

    const refused = await api.nextStream();
    refused.res.writeHead(503).end();
    const retried = await api.nextStream();
    assert.equal(events.count('connected'), 0);
    assert.equal(events.count('disconnected'), 0, 'it was never connected');
    assert.equal(follower.connected, false);

    openStream(retried.res);
    retried.res.write('event: ready\ndata: {}\n\n');
    await events.next('connected');
    assert.equal(follower.connected, true);
  });

  test('close() ends the stream and does not reconnect', async (t) => {
    const api = await changeStreamServer();
    t.after(() => api.close());
    const events = reports();
    const get = t.mock.method(http, 'get');
    const follower = followCatalogueChanges(api.url, events.handlers);

    const { req, res } = await api.nextStream();
    openStream(res);
    res.write('event: ready\ndata: {}\n\n');
    await events.next('connected');
    assert.equal(get.mock.callCount(), 1);

    t.mock.timers.enable({ apis: ['setTimeout'] });
    const gone = once(req.socket, 'close');
    follower.close();
    await gone;
    await events.next('disconnected');
    assert.equal(follower.connected, false);
    t.mock.timers.tick(60_000);
    assert.equal(get.mock.callCount(), 1, 'no new connection');
  });

  test('close() while waiting to reconnect stops the retry', async (t) => {
    const api = await changeStreamServer();
    t.after(() => api.close());
    const events = reports();
    const get = t.mock.method(http, 'get');
    const follower = followCatalogueChanges(api.url, events.handlers);

    const { res } = await api.nextStream();
    openStream(res);
    res.write('event: ready\ndata: {}\n\n');
    await events.next('connected');

    // The reconnection's timer is the test's from here: it runs only on tick().
    t.mock.timers.enable({ apis: ['setTimeout'] });
    res.end();
    await events.next('disconnected');
    follower.close();
    t.mock.timers.tick(60_000);
    assert.equal(get.mock.callCount(), 1, 'no new connection');
    assert.equal(events.count('connected'), 1);
  });
});

describe('pageUrl', () => {
  test('keeps the parameters pages read, in one order, and drops the others', () => {
    assert.equal(pageUrl('/newarrival', '?utm_source=x&cursor=abc&q=drone'), '/newarrival?q=drone&cursor=abc');
    assert.equal(pageUrl('/productdetails/3', '?junk=1&junk=2'), '/productdetails/3');
    assert.equal(pageUrl('/review', ''), '/review');
  });

  test('drops a value too long to be a search or a cursor', () => {
    assert.equal(pageUrl('/newarrival', `?q=${'a'.repeat(201)}`), '/newarrival');
  });
});

describe('isStale: which kept pages a change drops, as the routes say', () => {
  const load = async () => null;
  const PAGES = routesFile({
    '/': { load },
    '/productdetails/:id': { load, staleOn: 'shownProducts' },
    '/auctionhome': { load, staleOn: 'auctions' },
    '/auctionproduct/:id': { load, staleOn: 'auctionItem' },
    '/brands': { load, staleOn: 'auctions' },
  }).pages;
  /** @param {{ products?: number[], auctions?: number[], everything?: boolean }} changes */
  const changed = ({ products = [], auctions = [], everything = false }) => ({
    everything,
    products: new Set(products),
    auctions: new Set(auctions),
  });
  /** A kept page that did not say what it shows. */
  const kept = { status: 200, body: Buffer.from(''), key: '', expires: Infinity };
  const shown = (/** @type {number[]} */ ...ids) => ({ ...kept, products: new Set(ids) });

  test("a product change drops the pages that may list it and the product's own page, not the others' or the auctions'", () => {
    const change = changed({ products: [5] });
    assert.equal(isStale('/?q=x', kept, change, PAGES), true, 'a list');
    assert.equal(isStale('/productdetails/5', shown(5), change, PAGES), true);
    assert.equal(isStale('/productdetails/6', shown(6), change, PAGES), false);
    assert.equal(isStale('/productdetails/6', kept, change, PAGES), true, 'a render that did not say what it shows');
    assert.equal(isStale('/auctionhome', kept, change, PAGES), false);
    assert.equal(isStale('/robots.txt', kept, change, PAGES), true, 'a path no route serves');
  });

  test("an auction item's events drop its page and the auction lists, a route's own included", () => {
    const change = changed({ auctions: [3] });
    assert.equal(isStale('/auctionproduct/3', kept, change, PAGES), true);
    assert.equal(isStale('/auctionproduct/4', kept, change, PAGES), false);
    assert.equal(isStale('/auctionhome', kept, change, PAGES), true);
    assert.equal(isStale('/brands', kept, change, PAGES), true, 'a route added by a release, staleOn auctions');
    assert.equal(isStale('/brands', kept, change, []), false, 'the same path while no live release serves it');
    assert.equal(isStale('/', kept, change, PAGES), false);
    assert.equal(isStale('/', kept, changed({ everything: true }), PAGES), true);
  });
});

describe('stylesheets of a server-rendered page', () => {
  const folders = scratchFolders('stylesheets');

  /** A release folder with these CSS files (name → text) and, when given, its styles.json. */
  function release(files, listing) {
    const folder = folders('release');
    for (const [name, css] of Object.entries(files)) writeFileSync(join(folder, name), css);
    if (listing) writeFileSync(join(folder, 'styles.json'), JSON.stringify({ files: listing }));
    return new ReleaseStylesheets(folder, 'http://cdn.example/r1/');
  }

  const file = (name, modules, hash = name) => ({
    name,
    hash,
    modules,
    global: modules.some((m) => !m.endsWith('.module.css')),
  });

  /** The three releases of a page: the shell, the shop and the auction. */
  function releases() {
    return {
      shell: release({ '1.aa.css': ':root{--x:1}.shell_b{}', '2.bb.css': '.shell_h{}', '3.cc.css': '.shell_t{}' }, [
        file('1.aa.css', ['shared/src/ui/tokens.css', 'shared/src/ui/Button.module.css']),
        file('2.bb.css', ['shell/src/layout/Header.module.css']),
        file('3.cc.css', ['shell/src/layout/Toasts.module.css']),
      ]),
      shop: release({ 'App.dd.css': '.shop_home{}', '7.ee.css': '.shop_carousel{}', '8.ee.css': '.shop_carousel{}' }, [
        file('App.dd.css', ['shop-remote/src/pages/home/Home.module.css']),
        file('7.ee.css', ['shared/src/ui/Carousel.module.css'], 'ee'),
        file('8.ee.css', ['shared/src/ui/Carousel.module.css'], 'ee'),
      ]),
      auction: release({ 'App.ff.css': '.auction_banner{}' }, [
        file('App.ff.css', ['auction-remote/src/pages/home/AuctionBanner.module.css']),
      ]),
    };
  }

  test("the shell's global rules, then the files of the modules the render used, whichever release built them", () => {
    const used = [
      usedStyleKey('shell', 'shell/src/layout/Header.module.css'),
      // The shared carousel rendered with the shop's copy on the auction's page.
      usedStyleKey('shop', 'shared/src/ui/Carousel.module.css'),
      usedStyleKey('auction', 'auction-remote/src/pages/home/AuctionBanner.module.css'),
    ];
    assert.deepEqual(pageStylesheets(releases(), used, 'auction'), [
      { href: '1.aa.css', css: ':root{--x:1}.shell_b{}' },
      { href: '2.bb.css', css: '.shell_h{}' },
      { href: '7.ee.css', css: '.shop_carousel{}' },
      { href: 'App.ff.css', css: '.auction_banner{}' },
    ]);
  });

  test('the fewest files: of those holding a module, the one holding most of the used ones', () => {
    const shop = release({ '4.aa.css': '.a{}', '5.bb.css': '.a{}.b{}' }, [
      file('4.aa.css', ['shop-remote/src/a.module.css']),
      file('5.bb.css', ['shop-remote/src/a.module.css', 'shop-remote/src/b.module.css']),
    ]);
    const used = ['a', 'b'].map((name) => usedStyleKey('shop', `shop-remote/src/${name}.module.css`));
    assert.deepEqual(
      pageStylesheets({ shop }, used, 'shop').map((sheet) => sheet.href),
      ['5.bb.css'],
    );
  });

  test('a release built before styles.json: every CSS file of it when it is the area, none when not', () => {
    const old = () => release({ 'b.11.css': '.b{}', 'a.22.css': '.a{}', 'main.js': '' });
    assert.deepEqual(
      pageStylesheets({ shop: old() }, [], 'shop').map((sheet) => sheet.href),
      ['a.22.css', 'b.11.css'],
    );
    assert.deepEqual(pageStylesheets({ shop: old() }, [], 'auction'), []);
    assert.deepEqual(old().allFiles(), ['a.22.css', 'b.11.css']);
  });

  /** A CSS module as the server build's loaders make it (css-loader's locals, then styleUseLoader). */
  function cssModule(frontEnd, path, locals) {
    const code = styleUseLoader.call(
      { getOptions: () => ({ frontEnd, root: '/repo' }), resourcePath: `/repo/${path}` },
      `module.exports = ${JSON.stringify(locals)};`,
    );
    const module = { exports: {} };
    new Function('module', code)(module);
    return module.exports;
  }

  test("a CSS module's class read while rendering notes the module in that render only", async () => {
    const carousel = cssModule('shop', 'shared/src/ui/Carousel.module.css', { carousel: 'shop_c1' });
    const banner = cssModule('auction', 'auction-remote/src/Banner.module.css', { banner: 'auction_b1' });
    assert.equal(carousel.carousel, 'shop_c1', 'outside a render: the class, noted nowhere');

    const first = new Set();
    const second = new Set();
    await Promise.all([
      stylesUsed.run(first, async () => {
        assert.equal(carousel.__esModule, undefined, "webpack's interop check is no class");
        await new Promise((resolve) => setImmediate(resolve));
        assert.equal(carousel.carousel, 'shop_c1');
      }),
      stylesUsed.run(second, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        assert.equal(banner.banner, 'auction_b1');
      }),
    ]);
    assert.deepEqual([...first], [usedStyleKey('shop', 'shared/src/ui/Carousel.module.css')]);
    assert.deepEqual([...second], [usedStyleKey('auction', 'auction-remote/src/Banner.module.css')]);
  });
});
