import { ACCOUNT_PAGES } from './App';
import { subPageKey } from './pages/myaccount/subPages';
import { routes } from './routes.json';

describe('account area routes', () => {
  it('has a page for every route of its routes.json (what its release tells the shell), and no other', () => {
    expect(Object.keys(ACCOUNT_PAGES).sort()).toEqual([...routes].sort());
  });

  it('has a sub-screen for every /myaccount route it declares', () => {
    for (const path of routes.filter((p) => p.startsWith('/myaccount'))) expect(subPageKey(path)).not.toBeNull();
  });
});
