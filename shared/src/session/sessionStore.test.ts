import { act, renderHook } from '@testing-library/react';
import { currentAuthToken, SESSION_KEY, useIsSignedIn, useSession } from './sessionStore';

describe('session store', () => {
  afterEach(() => act(() => useSession.getState().signOut()));

  it('signs in by writing sessionStorage key data, and every subscriber sees it at once', () => {
    const { result } = renderHook(() => useIsSignedIn());
    expect(result.current).toBe(false);
    act(() => useSession.getState().signIn({ firstname: 'Asha', lastname: 'Rao', authtoken: 'tok' }));
    expect(result.current).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!)).toEqual({
      firstname: 'Asha',
      lastname: 'Rao',
      authtoken: 'tok',
    });
    expect(currentAuthToken()).toBe('tok');
  });

  it('signs out by removing the entry', () => {
    act(() => useSession.getState().signIn({ firstname: 'A', lastname: 'B', authtoken: 't' }));
    act(() => useSession.getState().setOrderId(7));
    expect(sessionStorage.getItem('orderid')).toBe('7');
    act(() => useSession.getState().signOut());
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(sessionStorage.getItem('orderid')).toBeNull();
    expect(currentAuthToken()).toBeNull();
  });
});

describe('a page load by a signed-in customer', () => {
  // The store is made while sessionStorage already holds the session (issue 24), so React, the
  // store and the server renderer are loaded afresh after it is written, as a page load loads them.
  async function loadPage() {
    let page!: {
      React: typeof import('react');
      client: typeof import('react-dom/client');
      server: typeof import('react-dom/server');
      store: typeof import('./sessionStore');
    };
    await jest.isolateModulesAsync(async () => {
      page = {
        React: await import('react'),
        client: await import('react-dom/client'),
        server: await import('react-dom/server'),
        store: await import('./sessionStore'),
      };
    });
    return page;
  }

  it('hydrates the server HTML (signed out) as it is, then shows the stored session', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ firstname: 'Asha', lastname: 'Rao', authtoken: 'tok' }));
    const { React, client, server, store } = await loadPage();
    const Greeting = () =>
      React.createElement(
        'span',
        null,
        store.useSession((s) => (s.session ? `Hi ${s.session.firstname}` : 'Signin')),
      );
    const container = document.createElement('div');
    container.innerHTML = server.renderToString(React.createElement(Greeting));
    const rendered = container.firstChild;
    expect(container.textContent).toBe('Signin');

    const onRecoverableError = jest.fn();
    let root: import('react-dom/client').Root | undefined;
    await React.act(async () => {
      root = client.hydrateRoot(container, React.createElement(Greeting), { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.firstChild).toBe(rendered);
    expect(container.textContent).toBe('Hi Asha');
    React.act(() => root?.unmount());
  });
});
