import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { StorefrontLinks } from '../src/lib/storefront-links';
import { signedInUser } from './helpers/accounts';
import { eventually, startServer } from './helpers/server';
import { listProduct } from './helpers/shop';
import { quotedPrintableDecoded } from './helpers/smtp';

/** A storefront whose /config.json answers `links` (or fails with `status`), counting its reads. */
async function storefront() {
  const state = {
    links: { productDetails: '/productdetails/:id', manageOrder: '/myaccount/manageorder' } as object,
    status: 200,
    reads: 0,
  };
  const server = http.createServer((req, res) => {
    if (req.url !== '/config.json') return void res.writeHead(404).end();
    state.reads += 1;
    res.writeHead(state.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ apiUrl: 'http://api.example', remotes: {}, links: state.links }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("the mails' links, from the storefront's live link table", () => {
  let shop: Awaited<ReturnType<typeof storefront>>;
  const warnings: string[] = [];
  const log = { warn: (_fields: object, message: string) => void warnings.push(message) };
  let clock = 0;
  const now = () => clock;

  beforeEach(async () => {
    shop = await storefront();
    warnings.length = 0;
    clock = 0;
  });
  afterEach(() => shop.close());

  it('makes the URL of the page the live releases link by that name, params in its path and the rest as the query', async () => {
    const links = new StorefrontLinks(shop.url, { log, now });
    const linkTo = await links.linkTo();
    expect(linkTo('productDetails', { id: 12 })).toBe(`${shop.url}/productdetails/12`);
    expect(linkTo('manageOrder', { orderid: 5 })).toBe(`${shop.url}/myaccount/manageorder?orderid=5`);
  });

  it('reads the table once for the mails of a while, then follows a path a release changed', async () => {
    const links = new StorefrontLinks(shop.url, { log, now, maxAgeMs: 60_000 });
    await Promise.all([links.linkTo(), links.linkTo(), links.linkTo()]);
    shop.state.links = { productDetails: '/p/:id' };
    clock = 59_000;
    expect((await links.linkTo())('productDetails', { id: 3 })).toBe(`${shop.url}/productdetails/3`);
    expect(shop.state.reads).toBe(1);
    clock = 60_000;
    expect((await links.linkTo())('productDetails', { id: 3 })).toBe(`${shop.url}/p/3`);
    expect(shop.state.reads).toBe(2);
  });

  it('keeps the last table read when the storefront cannot answer, and tries again soon', async () => {
    const links = new StorefrontLinks(shop.url, { log, now, maxAgeMs: 60_000, retryMs: 1_000 });
    await links.linkTo();
    shop.state.status = 503;
    clock = 60_000;
    expect((await links.linkTo())('productDetails', { id: 4 })).toBe(`${shop.url}/productdetails/4`);
    expect(warnings).toEqual(["Could not read the storefront's links: mails use the last table read"]);
    shop.state.status = 200;
    shop.state.links = { productDetails: '/p/:id' };
    clock = 61_000;
    expect((await links.linkTo())('productDetails', { id: 4 })).toBe(`${shop.url}/p/4`);
  });

  it('links the home page, and says why, while no table could be read or for a name the table lacks', async () => {
    shop.state.status = 502;
    const links = new StorefrontLinks(shop.url, { log, now });
    expect((await links.linkTo())('productDetails', { id: 4 })).toBe(`${shop.url}/`);
    expect(warnings).toEqual([
      "Could not read the storefront's links: mails link the home page until they can be read",
    ]);
    shop.state.status = 200;
    clock = 60_000;
    expect((await links.linkTo())('auctionProduct', { id: 4 })).toBe(`${shop.url}/`);
    expect(warnings[1]).toBe('A mail links the home page: the live link table cannot make its link');
  });
});

describe("a mail's link, end to end", () => {
  it("links the product's page where the live releases serve it now, with no API release", async () => {
    const shop = await storefront();
    shop.state.links = { productDetails: '/item/:id' };
    const s = await startServer('pglite', { storefrontUrl: shop.url });
    try {
      const seller = await signedInUser(s);
      const watcher = await signedInUser(s);
      const product = await listProduct(s, seller.token, 2500, 'Moved brass lamp');
      await s.post('/pricealerts', { productid: product.productid }, { authtoken: watcher.token });
      const lowered = await s.put(
        `/product/${product.productid}`,
        { ...product, price: 1999 },
        { authtoken: seller.token },
      );
      expect(lowered.status).toBe(200);
      const mailTo = () => {
        const dir = s.config.outboxDir;
        const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
        return files
          .map((f) => quotedPrintableDecoded(fs.readFileSync(path.join(dir, f), 'utf8')))
          .find((m) => m.includes(`To: ${watcher.email}`));
      };
      const mail = await eventually(
        async () => mailTo(),
        (m) => m !== undefined,
      );
      expect(mail).toContain(`Subject: Price drop: Moved brass lamp`);
      expect(mail).toContain(`${shop.url}/item/${product.productid}`);
    } finally {
      await s.stop();
      await shop.close();
    }
  });
});
