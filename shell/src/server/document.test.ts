import { composeDocument } from './document';
import type { EmbeddedPage } from '../embeddedPage';

const TEMPLATE =
  '<!doctype html><html><head><title>Marketplace</title><meta name="description" content="Shop"/>' +
  '<script defer src="/r1/main.1234abcd.js"></script></head><body><div id="root"></div></body></html>';

/** Text that string replacement reads as patterns ($&, $`, $', $1, $$) or that closes elements. */
const HOSTILE = "Lamp $& $` $' $1 $$ $<name> </head></script><script>window.__injected=1</script>";

function compose(text: string): string {
  return composeDocument({
    template: TEMPLATE,
    root: `<main><h1>${text.replace(/</g, '&lt;')}</h1></main>`,
    meta: {
      title: text,
      description: text,
      path: '/productdetails/1',
      properties: { 'product:price:amount': '1500' },
      jsonLd: [{ '@type': 'Product', name: text }],
    },
    stylesheets: [{ href: `shop.1234abcd.css?${text}`, css: '.shop_a1{color:red}' }],
    embedded: { config: { q: text } } as unknown as EmbeddedPage,
    origin: 'https://shop.example',
  });
}

describe('composeDocument', () => {
  test('page data holding replacement patterns is written as text, never expanding the document', () => {
    const html = compose(HOSTILE);
    // The template's parts come once each: nothing of the document was copied into it.
    expect(html.match(/main\.1234abcd\.js/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<script>/g)).toBeNull();
    // The page's data is there as it was given: JSON-LD and the embedded state parse back to it.
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(jsonLd).name).toBe(HOSTILE);
    const state = /<script type="application\/json" id="marketplace-page">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(state).config.q).toBe(HOSTILE);
    expect(html).toContain('$&amp; $` $');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  test('every pattern alone, in every field', () => {
    for (const pattern of ['$&', '$`', "$'", '$1', '$$', '</head>']) {
      const html = compose(`before ${pattern} after`);
      expect(html.match(/main\.1234abcd\.js/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.startsWith('<!doctype html><html><head>')).toBe(true);
    }
  });

  test("the page's CSS is inlined in the head under its file's name, and no text of it ends its element", () => {
    const html = composeDocument({
      template: TEMPLATE,
      root: '<main></main>',
      meta: null,
      stylesheets: [
        { href: 'tokens.1234abcd.css', css: ':root{--mp-radius:4px}' },
        { href: 'shop.5678abcd.css', css: '.shop_a1::after{content:"</style><script>x()</script>"}' },
      ],
      embedded: { config: {}, data: {} } as unknown as EmbeddedPage,
      origin: 'https://shop.example',
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style data-href="tokens.1234abcd.css">:root{--mp-radius:4px}</style>');
    expect(head.indexOf('tokens.1234abcd.css')).toBeLessThan(head.indexOf('shop.5678abcd.css'));
    expect(html.match(/<\/style/gi)).toHaveLength(2);
    expect(html).not.toContain('rel="stylesheet"');
  });

  test('preconnects to the API origin the photos come from, before the stylesheets', () => {
    const page = (apiUrl: string) =>
      composeDocument({
        template: TEMPLATE,
        root: '<main></main>',
        meta: null,
        stylesheets: [{ href: 'shop.1234abcd.css', css: '.shop_a1{color:red}' }],
        embedded: { config: { apiUrl }, data: {} } as unknown as EmbeddedPage,
        origin: 'https://shop.example',
      });
    const html = page('https://api.shop.example/v1');
    expect(html.match(/<link rel="preconnect"[^>]*>/g)).toEqual([
      '<link rel="preconnect" href="https://api.shop.example">',
    ]);
    expect(html.indexOf('rel="preconnect"')).toBeLessThan(html.indexOf('<style'));
    expect(html.indexOf('rel="preconnect"')).toBeLessThan(html.indexOf('</head>'));
    // None to the page's own origin, nor for an address that is no http(s) URL.
    expect(page('https://shop.example/api')).not.toContain('preconnect');
    expect(page('javascript:alert(1)')).not.toContain('preconnect');
  });
});
