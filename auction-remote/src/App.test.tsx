import { AUCTION_PAGES } from './App';
import { routes } from './routes';

describe('auction area routes', () => {
  it('has a page for every route of its manifest, /auction and /auctionhome one page', () => {
    expect(Object.keys(AUCTION_PAGES)).toEqual(Object.keys(routes));
    expect(AUCTION_PAGES['/auction']).toBe(AUCTION_PAGES['/auctionhome']);
  });
});
