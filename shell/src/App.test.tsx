import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteApp } from './federation/remotes';
import { resetAreaApps } from './federation/areaApps';
import { SHELL_PAGES } from './pages';
import { fakeRemoteApp, LIVE_ROUTES, navigateInApp, renderApp, renderShellPage } from '../test/renderApp';

// The edge: loading a remote's code through module federation.
jest.mock('./federation/remotes', () => ({
  ...jest.requireActual('./federation/remotes'),
  loadRemoteApp: jest.fn(),
  resetRemote: jest.fn(),
}));
const loadRemote = jest.mocked(loadRemoteApp);

beforeEach(() => {
  resetAreaApps();
  loadRemote.mockReset();
  loadRemote.mockImplementation(async (name) => fakeRemoteApp(name));
});

/** A concrete URL for a route pattern. */
const urlOf = (path: string) => path.replace(/:[A-Za-z]+/g, '42');

describe('route table', () => {
  const remoteRoutes = Object.entries(LIVE_ROUTES).flatMap(([area, paths]) => paths.map((path) => ({ path, area })));

  it.each(remoteRoutes.map((r) => [urlOf(r.path), r.area] as const))('%s mounts the %s area', async (url, area) => {
    renderApp(url);
    expect(await screen.findByText(`${area} area at ${url}`)).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith(area);
  });

  it('loads a remote only when one of its routes opens, and only once', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();

    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'NEW ARRIVALS' }));
    expect(await screen.findByText('shop area at /newarrival')).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'REVIEW' }));
    expect(await screen.findByText('shop area at /review')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);

    await user.click(within(menu).getByRole('link', { name: 'AUCTION' }));
    expect(await screen.findByText('auction area at /auctionhome')).toBeInTheDocument();
    expect(loadRemote.mock.calls).toEqual([['shop'], ['auction']]);
  });

  it('shows a spinner in the area while the remote loads', async () => {
    let resolve: (value: ReturnType<typeof fakeRemoteApp>) => void = () => {};
    loadRemote.mockImplementation(() => new Promise((r) => (resolve = r)));
    renderApp('/login');
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent('Loading the account pages');
    resolve(fakeRemoteApp('account'));
    expect(await screen.findByText('account area at /login')).toBeInTheDocument();
    expect(screen.queryByText('Loading the account pages')).not.toBeInTheDocument();
  });

  it('has a page for each of the routes the shell owns', () => {
    expect(Object.keys(SHELL_PAGES).sort()).toEqual(
      ['/about', '/alreadyloggedin', '/contact', '/error404', '/faq', '/getcontact', '/logout', '/preload'].sort(),
    );
  });

  it("opens a page a remote's live release adds, with no change to the shell", async () => {
    const before = renderApp('/compare');
    expect(await screen.findByRole('heading', { name: "Looks like you're in wrong place" })).toBeInTheDocument();
    before.unmount();
    renderApp('/compare', { ...LIVE_ROUTES, shop: [...LIVE_ROUTES.shop, '/compare'] });
    expect(await screen.findByText('shop area at /compare')).toBeInTheDocument();
  });

  it("keeps the shell's own pages when a remote declares one of their paths", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/about', { ...LIVE_ROUTES, auction: [...LIVE_ROUTES.auction, '/about'] });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('auction declares /about'));
    warn.mockRestore();
    expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it.each([
    ['/about', 'About Us'],
    ['/faq', 'Frequently Asked Questions'],
    ['/contact', 'Contact Us'],
    ['/getcontact', 'Thank you for contacting us'],
    ['/error404', 'Something went wrong'],
  ])('%s shows the shell page "%s"', async (path, heading) => {
    await renderShellPage(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('/preload shows the loading screen', async () => {
    await renderShellPage('/preload');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading the shop');
  });

  it.each(['/nope', '/About', '/newarrival/a/b', '/myaccount/unknown', '/auctionproduct'])(
    '%s is not found, with a way home',
    async (path) => {
      const user = userEvent.setup();
      renderApp(path);
      const main = within(screen.getByRole('main'));
      // The same card as /error404: its icon, the spec's heading, what happened, a way home.
      expect(
        await main.findByRole('heading', { level: 1, name: "Looks like you're in wrong place" }),
      ).toBeInTheDocument();
      expect(
        main.getByText('We could not find what you were looking for, or it is not available any more.'),
      ).toBeInTheDocument();
      expect(main.getByRole('heading').closest('section')?.querySelector('svg')).not.toBeNull();
      await user.click(main.getByRole('link', { name: 'GO TO HOME' }));
      expect(await screen.findByText('shop area at /')).toBeInTheDocument();
    },
  );

  it('shows an unknown path in the same card as /error404', async () => {
    const card = (heading: string) => screen.getByRole('heading', { level: 1, name: heading }).closest('section')!;
    const error = await renderShellPage('/error404');
    const errorCard = card('Something went wrong');
    const [errorClass, errorIcon] = [errorCard.className, errorCard.querySelector('svg')?.outerHTML];
    error.unmount();
    renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: "Looks like you're in wrong place" });
    const notFoundCard = card("Looks like you're in wrong place");
    expect(notFoundCard.className).toBe(errorClass);
    expect(notFoundCard.querySelector('svg')?.outerHTML).toBe(errorIcon);
    expect(errorIcon).toBeDefined();
  });

  it('keeps the header and footer around every page', () => {
    renderApp('/nope');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});

describe('private routes', () => {
  const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null;

  it("keeps a remote's private route out of search engines though its page says nothing, and only there", async () => {
    // The fake area's page reports no meta at all: the route's manifest alone says it is private.
    renderApp('/viewcart');
    expect(await screen.findByText('shop area at /viewcart')).toBeInTheDocument();
    expect(robots()).toBe('noindex');
    act(() => navigateInApp('/newarrival'));
    expect(await screen.findByText('shop area at /newarrival')).toBeInTheDocument();
    expect(robots()).toBeNull();
  });

  it("follows the remote's live release: a route it makes private is kept out with no change to the shell", async () => {
    renderApp('/review', LIVE_ROUTES, { shop: ['/review'] });
    expect(await screen.findByText('shop area at /review')).toBeInTheDocument();
    expect(robots()).toBe('noindex');
  });

  it("keeps the shell's own private pages out, not its public ones", async () => {
    await renderShellPage('/getcontact');
    expect(robots()).toBe('noindex');
    act(() => navigateInApp('/about'));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(robots()).toBeNull();
  });
});
