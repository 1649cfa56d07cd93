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
