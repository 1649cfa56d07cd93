import { AsyncLocalStorage } from 'node:async_hooks';
import { LinkError } from '@marketplace/contract/rules';
import { linkTo } from './links';
import { inRenderScope, installRenderScope } from './remote/renderScope';

const LIVE_LINKS = {
  productDetails: '/productdetails/:id',
  manageOrder: '/myaccount/manageorder',
  search: '/newarrival/:searchKey',
};

afterEach(() => {
  delete window.__MARKETPLACE_CONFIG__;
});

describe('linkTo', () => {
  it("in a component test, resolves through the front ends' manifests as a page does (shared/test/setup.ts)", () => {
    expect(linkTo('productDetails', { id: 3 })).toBe('/productdetails/3');
    expect(linkTo('login', { next: '/viewcart/3' })).toBe('/login?next=%2Fviewcart%2F3');
  });

  it("resolves a name through the page's live link table, its params in the path and the rest as the query", () => {
    window.__MARKETPLACE_CONFIG__ = { apiUrl: 'http://api.example', links: LIVE_LINKS };
    expect(linkTo('productDetails', { id: 42 })).toBe('/productdetails/42');
    expect(linkTo('manageOrder', { orderid: 5 })).toBe('/myaccount/manageorder?orderid=5');
    expect(linkTo('search', { searchKey: 'red shoes/2' })).toBe('/newarrival/red%20shoes%2F2');
    expect(linkTo('manageOrder', { orderid: 5, next: null, page: undefined })).toBe('/myaccount/manageorder?orderid=5');
  });

  it("follows a path the remote's live release changed, with no change where the link is made", () => {
    window.__MARKETPLACE_CONFIG__ = { links: { ...LIVE_LINKS, productDetails: '/p/:id' } };
    expect(linkTo('productDetails', { id: 42 })).toBe('/p/42');
  });

  it('refuses a name no live manifest gives, and a link without the parameter its route needs', () => {
    window.__MARKETPLACE_CONFIG__ = { links: LIVE_LINKS };
    expect(() => linkTo('productDetail', { id: 1 })).toThrow(
      new LinkError("No live route is linked as 'productDetail'"),
    );
    expect(() => linkTo('productDetails')).toThrow(LinkError);
    expect(() => linkTo('productDetails', { id: null })).toThrow(LinkError);
    delete window.__MARKETPLACE_CONFIG__;
    expect(() => linkTo('productDetails', { id: 1 })).toThrow(LinkError);
  });

  it("in a server render, resolves through that render's own table", () => {
    delete window.__MARKETPLACE_CONFIG__; // a server has no page config
    installRenderScope(new AsyncLocalStorage());
    const link = inRenderScope({ apiUrl: 'http://api.example', links: { productDetails: '/item/:id' } }, () =>
      linkTo('productDetails', { id: 7 }),
    );
    expect(link).toBe('/item/7');
  });
});
