import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { http, SESSION_KEY, useSession } from '@marketplace/shared';
import { currentPath, mockApi, signInAs, signOut } from '@marketplace/shared/testing';
import { fakeRemoteApp, navigateInApp, renderApp, renderShellPage } from '../../test/renderApp';
import { LOGOUT_REDIRECT_MS, LogoutPage } from './LogoutPage';

// The edges: the API call (mocked for every test), and the shop remote that renders the home page.
jest.mock('../federation/remotes', () => ({
  ...jest.requireActual('../federation/remotes'),
  loadRemoteApp: jest.fn(async (name: 'shop' | 'account') => fakeRemoteApp(name)),
}));
const api = mockApi();

let httpGet: jest.SpyInstance;
beforeEach(() => {
  // The header's cart count reads go through http.get (none is expected on /logout).
  httpGet = jest.spyOn(http, 'get').mockResolvedValue({ status: 200, data: { status: 200, msg: '', data: [] } });
  jest.useFakeTimers();
  signInAs();
});
afterEach(() => {
  httpGet.mockRestore();
  jest.useRealTimers();
});

describe('logout page', () => {
  it('tells the server with the login token, clears the session, thanks the user and goes home after 2 s', async () => {
    let tokenSent: string | null | undefined;
    api.logout.mockImplementation(async () => {
      tokenSent = useSession.getState().session?.authtoken;
    });
    await renderShellPage('/logout');

    expect(screen.getByRole('heading', { name: 'Thanks you! Visit again' })).toBeInTheDocument();
    expect(screen.getByText('Successfully Logout')).toBeInTheDocument();
    expect(api.logout).toHaveBeenCalled();
    expect(tokenSent).toBe('token-asha');
    // No cart read with the session being ended: it would race the logout and be refused (401).
    expect(httpGet.mock.calls.filter(([url]) => String(url).includes('cart'))).toEqual([]);
    expect(useSession.getState().session).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    // The header shows the signed-out state at once.
    expect(screen.getByTestId('account-user-icon')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(LOGOUT_REDIRECT_MS - 100));
    expect(currentPath()).toBe('/logout');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(currentPath()).toBe('/');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByText('shop area at /')).toBeInTheDocument();
    expect(LOGOUT_REDIRECT_MS).toBe(2000);
  });

  it('still signs out when the server cannot be reached', async () => {
    api.logout.mockRejectedValue(new Error('Network Error'));
    await renderShellPage('/logout');
    expect(screen.getByText('Successfully Logout')).toBeInTheDocument();
    expect(useSession.getState().session).toBeNull();
    await act(async () => {
      await Promise.resolve();
    });
  });
});

describe('logout page, opened while signed out', () => {
  beforeEach(() => signOut());

  it('says so, with a way to sign in and home, and neither calls the server nor leaves', async () => {
    await renderShellPage('/logout');
    expect(screen.getByRole('heading', { level: 1, name: 'You are not signed in' })).toBeInTheDocument();
    expect(screen.queryByText('Successfully Logout')).not.toBeInTheDocument();
    expect(screen.queryByText('Thanks you! Visit again')).not.toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Signin' })).toHaveAttribute('href', '/login');
    expect(main.getByRole('link', { name: 'GO TO HOME' })).toHaveAttribute('href', '/');
    expect(api.logout).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(LOGOUT_REDIRECT_MS * 2);
    });
    expect(currentPath()).toBe('/logout');
  });

  it('ends a password reset (/newpassword, then /logout) as the spec does: the goodbye, then home after 2 s', async () => {
    renderApp('/newpassword');
    expect(await screen.findByText('account area at /newpassword')).toBeInTheDocument();
    act(() => navigateInApp('/logout'));
    expect(await screen.findByRole('heading', { name: 'Thanks you! Visit again' })).toBeInTheDocument();
    expect(screen.getByText('Successfully Logout')).toBeInTheDocument();
    expect(api.logout).not.toHaveBeenCalled(); // the reset already ended every session of the account
    await act(async () => {
      await jest.advanceTimersByTimeAsync(LOGOUT_REDIRECT_MS);
    });
    expect(currentPath()).toBe('/');
  });
});

describe('logout page, loaded signed in from the server', () => {
  it('hydrates the server HTML (signed out) as it is, then signs out and thanks the user', async () => {
    // The server renders it signed out: it knows no session (here the store's server snapshot).
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <StaticRouter location="/logout">
        <LogoutPage />
      </StaticRouter>,
    );
    expect(container.textContent).toContain('You are not signed in');

    const onRecoverableError = jest.fn();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <MemoryRouter initialEntries={['/logout']}>
          <LogoutPage />
        </MemoryRouter>,
        { onRecoverableError },
      );
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Thanks you! Visit again');
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(useSession.getState().session).toBeNull();
    act(() => root?.unmount());
  });
});
