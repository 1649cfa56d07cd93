import { auctionItem, product } from '../../test/fixtures';
import {
  SITE_NAME,
  clipDescription,
  escapeHtml,
  headTags,
  pageTitle,
  serializeJsonForHtml,
  type PageMeta,
} from './headTags';
import { auctionItemJsonLd, breadcrumbJsonLd, productJsonLd } from './jsonLd';

const SITE = { origin: 'https://shop.example', siteName: 'Marketplace' };
const EVIL = '</script><script>alert(1)</script>';

/** The page's head parsed as HTML, as a browser (or a crawler) reads it. */
function parseHead(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
}

const metaContent = (doc: Document, selector: string) => doc.head.querySelector(selector)?.getAttribute('content');

describe('serializeJsonForHtml', () => {
  it('escapes what could end a script element or start markup, and parses back to the same value', () => {
    const value = { name: EVIL, note: '<!-- & -->', separators: 'a\u2028b\u2029c', n: 1, list: [true, null] };
    const json = serializeJsonForHtml(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('writes undefined as null', () => {
    expect(serializeJsonForHtml(undefined)).toBe('null');
  });
});

describe('pageTitle', () => {
  it('ends the page title with the site name, once', () => {
    expect(pageTitle('Wireless Headphones')).toBe('Wireless Headphones | Marketplace');
    expect(pageTitle(' FAQ ', 'Shop')).toBe('FAQ | Shop');
    expect(pageTitle('')).toBe(SITE_NAME);
    expect(pageTitle(SITE_NAME)).toBe(SITE_NAME);
  });
});

describe('clipDescription', () => {
  it('keeps a short text on one line, and cuts a long one at a word with an ellipsis', () => {
    expect(clipDescription('  Two\n lines  ')).toBe('Two lines');
    const long = clipDescription('word '.repeat(100), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toMatch(/word…$/);
  });
});

describe('escapeHtml', () => {
  it('escapes text and both kinds of quotes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('headTags', () => {
  const meta: PageMeta = {
    title: 'Wireless Headphones',
    description: 'Rs. 2,999. Over-ear, 30 hours of battery.',
    path: '/productdetails/12',
    image: 'https://api.example/images/12.png',
    type: 'product',
    properties: { 'product:price:amount': '2999', 'product:price:currency': 'INR' },
  };

  it('writes the title, description, canonical link, Open Graph and Twitter tags', () => {
    const doc = parseHead(headTags(meta, SITE));
    expect(doc.title).toBe('Wireless Headphones | Marketplace');
    expect(metaContent(doc, 'meta[name="description"]')).toBe(meta.description);
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://shop.example/productdetails/12',
    );
    expect(metaContent(doc, 'meta[property="og:title"]')).toBe('Wireless Headphones');
    expect(metaContent(doc, 'meta[property="og:description"]')).toBe(meta.description);
    expect(metaContent(doc, 'meta[property="og:type"]')).toBe('product');
    expect(metaContent(doc, 'meta[property="og:url"]')).toBe('https://shop.example/productdetails/12');
    expect(metaContent(doc, 'meta[property="og:image"]')).toBe(meta.image);
    expect(metaContent(doc, 'meta[property="og:site_name"]')).toBe('Marketplace');
    expect(metaContent(doc, 'meta[property="product:price:amount"]')).toBe('2999');
    expect(metaContent(doc, 'meta[property="product:price:currency"]')).toBe('INR');
    expect(metaContent(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(metaContent(doc, 'meta[name="twitter:title"]')).toBe('Wireless Headphones');
    expect(metaContent(doc, 'meta[name="twitter:description"]')).toBe(meta.description);
    expect(metaContent(doc, 'meta[name="twitter:image"]')).toBe(meta.image);
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('without an image: a summary card, no image tags, og:type website by default', () => {
    const doc = parseHead(headTags({ title: 'FAQ', path: '/faq' }, SITE));
    expect(metaContent(doc, 'meta[name="twitter:card"]')).toBe('summary');
    expect(doc.head.querySelector('meta[property="og:image"], meta[name="twitter:image"]')).toBeNull();
    expect(metaContent(doc, 'meta[property="og:type"]')).toBe('website');
    expect(doc.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('takes a path for the image from the origin, and leaves out an image that is not a link (a data: URL)', () => {
    const fromPath = parseHead(headTags({ title: 'x', image: '/favicon.png' }, SITE));
    expect(metaContent(fromPath, 'meta[property="og:image"]')).toBe('https://shop.example/favicon.png');
    const data = parseHead(headTags({ title: 'x', image: 'data:image/png;base64,AAAA' }, SITE));
    expect(data.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(metaContent(data, 'meta[name="twitter:card"]')).toBe('summary');
  });

  it('marks a noindex page for robots and gives it no canonical link', () => {
    const doc = parseHead(headTags({ title: 'My Cart', path: '/viewcart', noindex: true }, SITE));
    expect(metaContent(doc, 'meta[name="robots"]')).toBe('noindex');
    expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('keeps a hostile product name inert: text stays text, quotes stay inside attributes', () => {
    const name = `${EVIL} "quoted" & 'single'`;
    const html = headTags(
      {
        title: name,
        description: `${name} <b>bold</b>`,
        path: '/productdetails/1?"><script>alert(2)</script>',
        image: 'https://api.example/images/1.png?a="b"',
        properties: { 'product:brand': name },
        jsonLd: [{ '@type': 'Product', name }],
      },
      SITE,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</script><script>');
    const doc = parseHead(html);
    // The only elements are the ones headTags writes.
    expect(doc.head.querySelectorAll('script')).toHaveLength(1);
    expect(doc.body.children).toHaveLength(0);
    expect(doc.title).toBe(`${name} | Marketplace`);
    expect(metaContent(doc, 'meta[property="og:title"]')).toBe(name);
    expect(metaContent(doc, 'meta[property="product:brand"]')).toBe(name);
    expect(metaContent(doc, 'meta[property="og:image"]')).toBe('https://api.example/images/1.png?a="b"');
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://shop.example/productdetails/1?"><script>alert(2)</script>',
    );
    expect(JSON.parse(doc.head.querySelector('script')!.textContent!)).toEqual({ '@type': 'Product', name });
  });

  it('writes each JSON-LD object in a script element that parses back to the same object', () => {
    const item = product({ productid: 12, productname: EVIL });
    const jsonLd = [
      productJsonLd(item, { origin: SITE.origin }),
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Electronics', path: '/newarrival/Electronics' },
          { name: EVIL, path: '/productdetails/12' },
        ],
        SITE,
      ),
      auctionItemJsonLd(auctionItem({ productname: EVIL }), SITE),
    ];
    const doc = parseHead(headTags({ title: EVIL, jsonLd }, SITE));
    const scripts = [...doc.head.querySelectorAll('script[type="application/ld+json"]')];
    expect(scripts.map((script) => JSON.parse(script.textContent!))).toEqual(jsonLd);
  });
});
