// robots.txt and the sitemaps the rendering server answers (platform/src/seo/robotsAndSitemaps.ts): npm test -w platform
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { FRONT_ENDS, SERVE_ORDER } from '../src/frontEnds';
import { ROOT } from '../src/root';
import { routesFile } from '../src/routes/routeManifest';
import { sourceRoutesFile } from '../src/routes/sourceManifest';
import {
  SITEMAP_MAX_URLS,
  escapeXml,
  pagesSitemap,
  robotsTxt,
  sitemapIndex,
  urlSitemap,
} from '../src/seo/robotsAndSitemaps';

const ORIGIN = 'https://shop.example';
const productPath = '/productdetails/:id';
const load = async () => null;

/** Route facts as a release's routes.json carries them, from a manifest. */
const factsOf = (/** @type {import('../src/routes/routeManifest').RouteManifest} */ manifest) =>
  routesFile(manifest).pages;

/** A shop and a shell with some of every kind of route. */
const PAGES = [
  ...factsOf({
    '/': { load, serverRendered: true, sitemap: 'site' },
    '/viewcart': { load, private: true },
    '/viewcart/:id': { load, private: true },
    '/editproduct/:id': { load, private: true },
    '/productdetails/:id': { load, sitemap: 'products', staleOn: 'shownProducts' },
    '/newarrival/:searchKey': { load },
  }),
  ...factsOf({
    '/about': { load, sitemap: 'site' },
    '/logout': { load, private: true },
    '/error404': { load },
  }),
];

/** The live front ends' facts, as their builds write them from their manifests (in the order the renderer reads them). */
const LIVE_PAGES = SERVE_ORDER.flatMap(({ dir }) => sourceRoutesFile(join(ROOT, dir)).pages);

/**
 * A small well-formedness check: one XML declaration, then elements that nest and close properly,
 * text with no bare `<` or `&` (only the five predefined entities and numeric references).
 * Returns the root element's name and the text of every element named `name` (entities decoded).
 * @param {string} xml
 * @param {string} name
 */
function parseXml(xml, name) {
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n'), 'starts with the XML declaration');
  const body = xml.slice(xml.indexOf('?>') + 2);
  /** @type {string[]} */
  const open = [];
  /** @type {string[]} */
  const texts = [];
  let root = '';
  let text = '';
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let match;
  while ((match = token.exec(body))) {
    const [, closing, tag, , selfClosing, chars, stray] = match;
    assert.equal(stray, undefined, `a bare < at ${match.index}`);
    if (chars !== undefined) {
      assert.doesNotMatch(chars, /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i, 'a bare & in text');
      if (open.length === 0) assert.match(chars, /^\s*$/, 'text outside the root element');
      text += chars;
      continue;
    }
    if (closing) {
      assert.equal(open.pop(), tag, `</${tag}> closes what is open`);
      if (tag === name) texts.push(decode(text));
    } else {
      if (open.length === 0) {
        assert.equal(root, '', 'one root element');
        root = tag;
      }
      if (!selfClosing) open.push(tag);
      text = '';
    }
  }
  assert.deepEqual(open, [], 'every element closed');
  return { root, texts };
}

/** @param {string} text */
function decode(text) {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('robots.txt', () => {
  test('closes each private route from where its parameters begin, opens the rest and names the sitemap', () => {
    const text = robotsTxt(`${ORIGIN}/`, PAGES);
    const lines = text.trim().split('\n');
    assert.equal(lines[0], 'User-agent: *');
    assert.ok(lines.includes('Allow: /'));
    assert.deepEqual(
      lines.filter((line) => line.startsWith('Disallow: ')),
      ['Disallow: /viewcart', 'Disallow: /editproduct/', 'Disallow: /logout'],
      '/viewcart/:id is covered by /viewcart',
    );
    assert.equal(lines.at(-1), `Sitemap: ${ORIGIN}/sitemap.xml`);
    assert.ok(text.endsWith('\n'));
  });

  test("the live front ends' manifests close the signed-in and acting pages and open the catalogue", () => {
    const rules = robotsTxt(ORIGIN, LIVE_PAGES)
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    assert.deepEqual(
      [...rules].sort(),
      [
        '/viewcart',
        '/checkout',
        '/billconfirm',
        '/myaccount',
        '/login',
        '/signup',
        '/forgetpassword',
        '/otpresetpass',
        '/newpassword',
        '/changepassword',
        '/addproduct',
        '/editproduct/',
        '/addreview',
        '/wishlist',
        '/addauction',
        '/auctionusers/',
        '/auction/watching',
        '/auction/mybids',
        '/auction/selling',
        '/logout',
        '/alreadyloggedin',
        '/preload',
        '/getcontact',
        '/emptycart',
      ].sort(),
    );
    for (const path of ['/', '/newarrival', '/productdetails/1', '/review', '/auctionhome', '/auctionproduct/1']) {
      assert.ok(!rules.some((rule) => path.startsWith(rule)), `${path} stays open`);
    }
    assert.equal(FRONT_ENDS.length, SERVE_ORDER.length);
  });
});

describe('sitemap index', () => {
  test('lists the pages sitemap and each page of products and auction items', () => {
    const xml = sitemapIndex(ORIGIN, { products: { pages: 2 }, auctions: { pages: 1 } }, LIVE_PAGES);
    const { root, texts } = parseXml(xml, 'loc');
    assert.equal(root, 'sitemapindex');
    assert.match(xml, /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    assert.deepEqual(texts, [
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
      `${ORIGIN}/sitemaps/products-2.xml`,
      `${ORIGIN}/sitemaps/auctions-1.xml`,
    ]);
    assert.equal(parseXml(xml, 'sitemap').texts.length, 4);
  });

  test('an empty catalogue has the pages sitemap only; the /sitemap reply is taken as it is', () => {
    const xml = sitemapIndex(`${ORIGIN}/`, { pageSize: 50000, products: { pages: 0 }, auctions: { pages: 0 } }, PAGES);
    assert.deepEqual(parseXml(xml, 'loc').texts, [`${ORIGIN}/sitemaps/pages.xml`]);
  });

  test('lists no list that no live route is listed from', () => {
    const xml = sitemapIndex(ORIGIN, { products: { pages: 1 }, auctions: { pages: 3 } }, PAGES);
    assert.deepEqual(parseXml(xml, 'loc').texts, [`${ORIGIN}/sitemaps/pages.xml`, `${ORIGIN}/sitemaps/products-1.xml`]);
  });
});

describe('pages sitemap', () => {
  test("lists the site's public pages the live front ends' manifests list", () => {
    const { root, texts } = parseXml(pagesSitemap(ORIGIN, LIVE_PAGES), 'loc');
    assert.equal(root, 'urlset');
    assert.deepEqual(
      texts,
      ['/', '/newarrival', '/review', '/auctionhome', '/about', '/faq', '/contact'].map((p) => `${ORIGIN}${p}`),
    );
  });
});

describe('url sitemap', () => {
  test('one URL per item at its path, with lastmod when the item has one', () => {
    const xml = urlSitemap(
      ORIGIN,
      [{ id: 1 }, { id: 7, lastModified: '2030-01-03T10:30:00.000Z' }, { id: 9, lastModified: 'not a date' }],
      productPath,
    );
    assert.equal(parseXml(xml, 'url').texts.length, 3);
    assert.deepEqual(
      parseXml(xml, 'loc').texts,
      [1, 7, 9].map((id) => `${ORIGIN}/productdetails/${id}`),
    );
    assert.deepEqual(parseXml(xml, 'lastmod').texts, ['2030-01-03T10:30:00.000Z']);
    assert.match(
      xml,
      /<url><loc>https:\/\/shop\.example\/productdetails\/7<\/loc><lastmod>2030-01-03T10:30:00\.000Z<\/lastmod><\/url>/,
    );
  });

  test('escapes what XML would read as markup', () => {
    const odd = `/a?x=1&y=<b>"c"'d'`;
    const xml = urlSitemap(`${ORIGIN}/`, [{ id: 1 }], odd);
    assert.ok(xml.includes('&amp;y=&lt;b&gt;&quot;c&quot;&apos;d&apos;'));
    assert.deepEqual(parseXml(xml, 'loc').texts, [`${ORIGIN}${odd}`]);
    assert.equal(escapeXml(`<&>"'`), '&lt;&amp;&gt;&quot;&apos;');
  });

  test(`holds at most ${SITEMAP_MAX_URLS} URLs`, () => {
    const items = Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => ({ id: i + 1 }));
    const xml = urlSitemap(ORIGIN, items, productPath);
    assert.equal(xml.match(/<url>/g)?.length, SITEMAP_MAX_URLS);
    assert.ok(Buffer.byteLength(xml) < 50 * 1024 * 1024, 'under the 50 MB a sitemap file may take');
    assert.throws(() => urlSitemap(ORIGIN, [...items, { id: SITEMAP_MAX_URLS + 1 }], productPath), RangeError);
  });

  test('an empty page is an empty urlset', () => {
    const { root, texts } = parseXml(urlSitemap(ORIGIN, [], productPath), 'loc');
    assert.equal(root, 'urlset');
    assert.deepEqual(texts, []);
  });
});

describe('link names', () => {
  test("a manifest's link names go into its routes.json facts, and the live front ends name each link once", () => {
    const pages = factsOf({ '/': { load, link: 'home' }, '/productdetails/:id': { load, link: 'productDetails' } });
    assert.deepEqual(
      pages.map((page) => page.link),
      ['home', 'productDetails'],
    );
    assert.throws(() => factsOf({ '/a': { load, link: 'same' }, '/b': { load, link: 'same' } }), /names two routes/);
    assert.throws(() => factsOf({ '/a': { load, link: 'Not-a-name' } }), /lowerCamelCase/);
    const names = FRONT_ENDS.flatMap(({ dir }) =>
      sourceRoutesFile(join(ROOT, dir)).pages.flatMap((page) => (page.link ? [page.link] : [])),
    );
    assert.deepEqual(
      names.filter((name, i) => names.indexOf(name) !== i),
      [],
    );
  });
});
