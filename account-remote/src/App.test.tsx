import { ACCOUNT_PAGES } from './App';
import { subPageKey } from './pages/myaccount/subPages';
import { routes } from './routes';

describe('account area routes', () => {
  it('serves every /myaccount route with one screen, so moving between its sub-screens keeps it', () => {
    const screens = Object.keys(routes).filter((p) => p.startsWith('/myaccount'));
    expect(new Set(screens.map((path) => ACCOUNT_PAGES[path])).size).toBe(1);
  });

  it('has a sub-screen for every /myaccount route it declares', () => {
    for (const path of Object.keys(routes).filter((p) => p.startsWith('/myaccount')))
      expect(subPageKey(path)).not.toBeNull();
  });
});
