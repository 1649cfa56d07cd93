import { AUCTION_PAGES } from './App';
import { routes } from './routes.json';

describe('auction area routes', () => {
  it('has a page for every route of its routes.json (what its release tells the shell), and no other', () => {
    expect(Object.keys(AUCTION_PAGES).sort()).toEqual([...routes].sort());
  });
});
