import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath } from '@marketplace/shared/testing';
import { fakeRemoteApp, renderApp } from '../../test/renderApp';
import { resetAreaApps } from './areaApps';
import { fullPageLoad } from '../layout/fullPageLoad';
import { loadRemoteApp, releaseMoved, RemoteUnavailableError, resetRemote } from './remotes';

// The edges: loading a remote's code through module federation, the server's live config, and
// the browser's page load.
jest.mock('./remotes', () => ({
  ...jest.requireActual('./remotes'),
  loadRemoteApp: jest.fn(),
  resetRemote: jest.fn(),
  releaseMoved: jest.fn(),
}));
jest.mock('../layout/fullPageLoad', () => ({ fullPageLoad: jest.fn() }));
const loadRemote = jest.mocked(loadRemoteApp);

const UNAVAILABLE = 'This part of the shop is unavailable right now';
const serverDown = (name: 'shop' | 'account' | 'auction') =>
  new RemoteUnavailableError(name, new Error('Failed to fetch mf-manifest.json'));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  resetAreaApps();
  loadRemote.mockReset();
  jest.mocked(resetRemote).mockReset();
  jest.mocked(releaseMoved).mockReset().mockResolvedValue(false);
  jest.mocked(fullPageLoad).mockReset();
  loadRemote.mockImplementation(async (name) => fakeRemoteApp(name));
  // React reports errors caught by a boundary on console.error; the boundary's output is what we test.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('a remote that cannot be loaded', () => {
  it('says so in its area while header, footer and other areas keep working', async () => {
    const user = userEvent.setup();
    loadRemote.mockImplementation(async (name) => {
      if (name === 'auction') throw serverDown('auction');
      return fakeRemoteApp(name);
    });
    renderApp('/auctionhome');

    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: UNAVAILABLE })).toBeInTheDocument();
    expect(within(main).getByText(/the auction pages could not be loaded/i)).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'NEW ARRIVALS' }));
    expect(await screen.findByText('shop area at /newarrival')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'ABOUT US' }));
    expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeInTheDocument();
  });

  it('loads again on Retry, without a page reload, once the remote is back', async () => {
    const user = userEvent.setup();
    loadRemote.mockRejectedValueOnce(serverDown('auction'));
    renderApp('/auctionhome');
    await screen.findByRole('heading', { name: UNAVAILABLE });

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('auction area at /auctionhome')).toBeInTheDocument();
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
    // The failed registration was dropped so the federation runtime starts from the manifest again.
    expect(resetRemote).toHaveBeenCalledWith('auction');
    expect(currentPath()).toBe('/auctionhome');
  });

  it('says it is still unavailable when a retry fails too, and keeps the Retry button focused', async () => {
    const user = userEvent.setup();
    loadRemote.mockRejectedValue(serverDown('shop'));
    renderApp('/');
    await screen.findByRole('heading', { name: UNAVAILABLE });
    expect(screen.queryByText(/still unavailable/i)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/still unavailable/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('tries again when the user opens another route of that area', async () => {
    const user = userEvent.setup();
    loadRemote.mockRejectedValueOnce(serverDown('shop'));
    renderApp('/newarrival');
    await screen.findByRole('heading', { name: UNAVAILABLE });
    await user.click(screen.getByRole('link', { name: 'REVIEW' }));
    expect(await screen.findByText('shop area at /review')).toBeInTheDocument();
  });
});

describe('a remote whose release was replaced while the page was open', () => {
  it('turns the navigation into a full page load of the same URL, which gets the live release', async () => {
    loadRemote.mockRejectedValue(new RemoteUnavailableError('shop', new Error('Loading chunk 185 failed (404)')));
    jest.mocked(releaseMoved).mockResolvedValue(true);
    renderApp('/review?page=2');
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/review?page=2'));
    expect(releaseMoved).toHaveBeenCalledWith('shop');
    // The page is on its way: a spinner, never the unavailable notice.
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('status')).toBeInTheDocument();
  });

  it('says the area is unavailable when its release is still the live one (an outage, not a deploy)', async () => {
    loadRemote.mockRejectedValue(serverDown('shop'));
    renderApp('/review');
    expect(await screen.findByRole('heading', { name: UNAVAILABLE })).toBeInTheDocument();
    expect(releaseMoved).toHaveBeenCalledWith('shop');
    expect(fullPageLoad).not.toHaveBeenCalled();
  });
});

describe('a remote whose code throws while rendering', () => {
  it('is contained in its area, and Retry renders it again without reloading its code', async () => {
    const user = userEvent.setup();
    let broken = true;
    function FlakyApp() {
      if (broken) throw new Error('remote bug');
      return <p>account works again</p>;
    }
    loadRemote.mockResolvedValue({ default: FlakyApp });
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: UNAVAILABLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Marketplace home' })).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('account works again')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(resetRemote).not.toHaveBeenCalled();
  });
});
