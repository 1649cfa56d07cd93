import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import remoteErrorPlugin, { isRemoteFailure } from './remoteErrorPlugin';
import { loadRemoteApp, registerRuntimeRemotes, RemoteUnavailableError, resetRemote } from './remotes';

// The edge: the module federation runtime itself.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
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
  it('registers the remotes of the runtime config', () => {
    registerRuntimeRemotes(REMOTES);
    expect(register).toHaveBeenCalledWith([
      { name: 'shop', entry: REMOTES.shop },
      { name: 'auction', entry: REMOTES.auction },
    ]);
  });

  it('registers a failed remote again with force, so the runtime forgets its cached failure', () => {
    registerRuntimeRemotes(REMOTES);
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
    await expect(loadRemoteApp('auction')).rejects.toThrow(RemoteUnavailableError);
  });

  it('rejects RemoteUnavailableError when the runtime throws or the module has no component', async () => {
    load.mockRejectedValueOnce(new Error('boom'));
    await expect(loadRemoteApp('shop')).rejects.toThrow(RemoteUnavailableError);
    load.mockResolvedValueOnce({});
    await expect(loadRemoteApp('shop')).rejects.toThrow('shop/App has no component to render');
    load.mockResolvedValueOnce(null);
    await expect(loadRemoteApp('shop')).rejects.toMatchObject({ remote: 'shop' });
  });
});

describe('the errorLoadRemote runtime plugin', () => {
  it('lets a failed manifest fetch fall through to the load, where it becomes a failure value', async () => {
    const plugin = remoteErrorPlugin();
    const args = { id: 'http://x/mf-manifest.json', error: new Error('x'), from: 'runtime' as const, origin: {} as never };
    // A value returned here would be used as the manifest: return nothing.
    expect(await plugin.errorLoadRemote!({ ...args, lifecycle: 'afterResolve' })).toBeUndefined();
    expect(await plugin.errorLoadRemote!({ ...args, lifecycle: 'beforeLoadShare' })).toBeUndefined();
  });
});
