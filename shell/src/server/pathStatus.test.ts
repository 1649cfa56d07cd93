import { pathStatus } from './renderPage';

const config = {
  apiUrl: 'http://api.example',
  remotes: {},
  routes: { shop: ['/', '/productdetails/:id'], auction: ['/auctionhome'] },
};

describe('pathStatus', () => {
  test("200 for the shell's pages and the live remotes' routes, 404 for any other path", () => {
    for (const url of ['/', '/productdetails/5?x=1', '/auctionhome', '/about', '/error404'])
      expect([url, pathStatus({ url, config })]).toEqual([url, 200]);
    for (const url of ['/no-such-page', '/productdetails', '/productdetails/5/more', '/About', '/viewcart'])
      expect([url, pathStatus({ url, config })]).toEqual([url, 404]);
  });

  test('follows the routes of the config it is given, not those of an earlier render', () => {
    expect(pathStatus({ url: '/viewcart', config: { ...config, routes: { shop: ['/viewcart'] } } })).toBe(200);
    expect(pathStatus({ url: '/viewcart', config })).toBe(404);
  });
});
