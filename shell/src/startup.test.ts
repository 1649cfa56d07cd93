import { mockApi } from '@marketplace/shared/testing';
import { registerRuntimeRemotes } from './federation/remotes';
import { start } from './startup';

// The edges: the server's /config.json (mocked for every test), the federation runtime, and the React app itself.
const api = mockApi();
jest.mock('./federation/remotes', () => ({ registerRuntimeRemotes: jest.fn() }));
const mockMounted = jest.fn();
jest.mock('./bootstrap', () => {
  mockMounted();
  return {};
});

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
});

it('registers the remotes of /config.json, then renders the app', async () => {
  const config = {
    apiUrl: 'http://localhost:4100',
    remotes: { shop: 'http://localhost:3101/abc1234-0123abcd/mf-manifest.json' },
    routes: { shop: ['/', '/compare'] },
    releases: { shop: 'abc1234-0123abcd' },
  };
  api.loadRuntimeConfig.mockResolvedValue(config);
  await start();
  expect(registerRuntimeRemotes).toHaveBeenCalledWith(config);
  expect(mockMounted).toHaveBeenCalled();
});

it('shows a plain message instead of a white page when /config.json cannot be read', async () => {
  api.loadRuntimeConfig.mockRejectedValue(new Error('config.json answered 502'));
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await start();
  error.mockRestore();
  expect(document.getElementById('root')).toHaveTextContent('The shop could not start');
  expect(document.querySelector('button')).toHaveTextContent('Reload');
});
