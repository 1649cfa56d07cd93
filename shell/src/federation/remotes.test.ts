import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { mockApi } from '@marketplace/shared/testing';
import remoteErrorPlugin, { isRemoteFailure } from './remoteErrorPlugin';
import { loadRemoteApp, registerRuntimeRemotes, releaseMoved, RemoteUnavailableError, resetRemote } from './remotes';
import { remoteRoutes } from './remoteRoutes';

// The edges: the module federation runtime itself, and the server's live /config.json.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const api = mockApi();
const load = jest.mocked(loadRemote);
const register = jest.mocked(registerRemotes);

const REMOTES = {
  shop: 'http://localhost:3101/mf-manifest.json',
  auction: 'http://localhost:3103/mf-manifest.json',
};

beforeEach(() => {
  load.mockReset();
  register.mockReset();
});

describe('remote registration', () => {
  it('registers the remotes of the runtime config and the routes their releases serve', () => {
    registerRuntimeRemotes({
      remotes: REMOTES,
      routes: { shop: ['/', '/compare'], auction: ['/auctionhome'], account: ['/login'] },
      privateRoutes: { shop: ['/compare'], account: ['/login'] },
    });
    expect(register).toHaveBeenCalledWith([
      { name: 'shop', entry: REMOTES.shop },
      { name: 'auction', entry: REMOTES.auction },
    ]);
    // account has routes but no entry: nothing to load them from, so they are not found.
    expect(remoteRoutes()).toEqual([
      { path: '/', area: 'shop', private: false },
      { path: '/compare', area: 'shop', private: true },
      { path: '/auctionhome', area: 'auction', private: false },
    ]);
  });

  it('leaves out declared paths that are not route patterns', () => {
    registerRuntimeRemotes({
      remotes: REMOTES,
      routes: { shop: ['/', 'http://evil.example/', 42, '/a b', '/ok/:id'] as never },
    });
    expect(remoteRoutes().map((r) => r.path)).toEqual(['/', '/ok/:id']);
  });

  it('registers a failed remote again with force, so the runtime forgets its cached failure', () => {
    registerRuntimeRemotes({ remotes: REMOTES });
    resetRemote('auction');
    expect(register).toHaveBeenLastCalledWith([{ name: 'auction', entry: REMOTES.auction }], { force: true });
  });
});

describe('loadRemoteApp', () => {
  it("resolves the remote's App component", async () => {
    const App = () => null;
    load.mockResolvedValue({ default: App });
    await expect(loadRemoteApp('shop')).resolves.toEqual({ default: App });
    expect(load).toHaveBeenCalledWith('shop/App');
  });

  it('rejects RemoteUnavailableError when the runtime plugin reports a failure', async () => {
    const plugin = remoteErrorPlugin();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = await plugin.errorLoadRemote!({
      id: 'auction/App',
      error: new Error('Failed to fetch'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: {} as never,
    });
    warn.mockRestore();
    expect(isRemoteFailure(failure)).toBe(true);
    load.mockResolvedValue(failure);
    await expect(loadRemoteApp('auction', [])).rejects.toThrow(RemoteUnavailableError);
  });

  it('rejects RemoteUnavailableError when the runtime throws or the module has no component', async () => {
    load.mockRejectedValueOnce(new Error('boom'));
    await expect(loadRemoteApp('shop', [])).rejects.toThrow(RemoteUnavailableError);
    load.mockResolvedValueOnce({});
    await expect(loadRemoteApp('shop', [])).rejects.toThrow('shop/App has no component to render');
    load.mockResolvedValueOnce(null);
    await expect(loadRemoteApp('shop', [])).rejects.toMatchObject({ remote: 'shop' });
  });

  it('tries again after a failure, from a clean registration each time, and resolves when a try succeeds', async () => {
    registerRuntimeRemotes({ remotes: REMOTES });
    register.mockClear();
    const App = () => null;
    load
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValueOnce({ default: App });
    await expect(loadRemoteApp('shop', [0, 0, 0])).resolves.toEqual({ default: App });
    expect(load).toHaveBeenCalledTimes(3);
    expect(register).toHaveBeenCalledTimes(2);
    expect(register).toHaveBeenLastCalledWith([{ name: 'shop', entry: REMOTES.shop }], { force: true });
  });

  it('gives up after its last try', async () => {
    load.mockRejectedValue(new Error('Failed to fetch'));
    await expect(loadRemoteApp('shop', [0, 0])).rejects.toThrow(RemoteUnavailableError);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('the errorLoadRemote runtime plugin', () => {
  it('lets a failed manifest fetch fall through to the load, where it becomes a failure value', async () => {
    const plugin = remoteErrorPlugin();
    const args = {
      id: 'http://x/mf-manifest.json',
      error: new Error('x'),
      from: 'runtime' as const,
      origin: {} as never,
    };
    // A value returned here would be used as the manifest: return nothing.
    expect(await plugin.errorLoadRemote!({ ...args, lifecycle: 'afterResolve' })).toBeUndefined();
    expect(await plugin.errorLoadRemote!({ ...args, lifecycle: 'beforeLoadShare' })).toBeUndefined();
  });
});

describe('releaseMoved', () => {
  const apiUrl = 'http://localhost:4100';

  it("says whether a remote's live release is another than the one this page loaded", async () => {
    registerRuntimeRemotes({ remotes: REMOTES, releases: { shell: 'aaa1111-00000001' } });
    api.fetchRuntimeConfig.mockResolvedValue({ apiUrl, remotes: REMOTES, releases: { shell: 'aaa1111-00000001' } });
    expect(await releaseMoved('shop')).toBe(false);
    expect(await releaseMoved('shell')).toBe(false);
    api.fetchRuntimeConfig.mockResolvedValue({
      apiUrl,
      remotes: { ...REMOTES, shop: 'http://localhost:3101/bbb2222-00000002/mf-manifest.json' },
      releases: { shell: 'ccc3333-00000003' },
    });
    expect(await releaseMoved('shop')).toBe(true);
    expect(await releaseMoved('auction')).toBe(false);
    expect(await releaseMoved('shell')).toBe(true);
  });

  it('says no when the live config cannot be read (an outage, not a new release)', async () => {
    registerRuntimeRemotes({ remotes: REMOTES });
    api.fetchRuntimeConfig.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await releaseMoved('shop')).toBe(false);
  });
});
