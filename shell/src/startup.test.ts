import { createElement, type ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { useResource } from '@marketplace/shared';
import { mockApi } from '@marketplace/shared/testing';
import { registerRuntimeRemotes } from './federation/remotes';
import { start } from './startup';

// The edges: the server's /config.json (mocked for every test), the federation runtime, and the React app itself.
const api = mockApi();
jest.mock('./federation/remotes', () => ({ registerRuntimeRemotes: jest.fn() }));
const mockMounted = jest.fn();
const mockTelemetry = jest.fn();
jest.mock('./bootstrap', () => ({
  mount: (serverRendered: boolean) => mockMounted(serverRendered),
  startTelemetry: (config: unknown) => mockTelemetry(config),
}));

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
  expect(mockMounted).toHaveBeenCalledWith(false);
  // The page view reports against the releases that served it.
  expect(mockTelemetry).toHaveBeenLastCalledWith(config);
});

it('starts no page-view telemetry in a tab that previews releases', async () => {
  const config = { apiUrl: 'http://localhost:4100', remotes: {}, routes: {}, releases: { shell: 'abc1234-0123abcd' } };
  api.loadRuntimeConfig.mockResolvedValue(config);
  sessionStorage.setItem('marketplacePreview', 'shop@abc1234-0123abcd');
  mockTelemetry.mockClear();
  try {
    await start();
    expect(mockMounted).toHaveBeenCalled();
    expect(mockTelemetry).not.toHaveBeenCalled();
  } finally {
    sessionStorage.clear();
  }
});

it('boots a server-rendered page from the state embedded in it: no /config.json read, the data handed over, the HTML hydrated', async () => {
  const config = {
    apiUrl: 'http://localhost:4100',
    remotes: { shop: 'http://localhost:3101/abc1234-0123abcd/mf-manifest.json' },
    routes: { shop: ['/'] },
    releases: { shop: 'abc1234-0123abcd' },
  };
  const data = { 'products:trending': { data: [{ id: 1 }] } };
  document.body.innerHTML = `<div id="root"><p>rendered</p></div><script type="application/json" id="marketplace-page">${JSON.stringify({ config, data })}</script>`;
  await start();
  expect(api.loadRuntimeConfig).not.toHaveBeenCalled();
  expect(registerRuntimeRemotes).toHaveBeenCalledWith(config);
  expect(window.__MARKETPLACE_CONFIG__).toEqual(config);
  expect(mockMounted).toHaveBeenCalledWith(true);
  // The page that reads the same key starts from the embedded answer, without fetching it.
  const load = jest.fn(() => new Promise<never>(() => undefined));
  function Trending(): ReactElement {
    const trending = useResource(load, [], { key: 'products:trending' });
    return createElement('p', null, trending.status === 'ready' ? JSON.stringify(trending.data) : trending.status);
  }
  render(createElement(Trending));
  expect(screen.getByText('[{"id":1}]')).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

it('starts in several tasks, so the browser can paint and take a tap between them', async () => {
  const config = { apiUrl: 'http://localhost:4100', remotes: {}, routes: {}, releases: {} };
  document.body.innerHTML = `<div id="root"><p>rendered</p></div><script type="application/json" id="marketplace-page">${JSON.stringify({ config, data: {} })}</script>`;
  const order: string[] = [];
  mockMounted.mockImplementationOnce(() => order.push('hydration'));
  const started = start();
  setTimeout(() => order.push('another task'), 0);
  await started;
  expect(order).toEqual(['another task', 'hydration']);
});

it('shows a plain message instead of a white page when /config.json cannot be read', async () => {
  api.loadRuntimeConfig.mockRejectedValue(new Error('config.json answered 502'));
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await start();
  error.mockRestore();
  expect(document.getElementById('root')).toHaveTextContent('The shop could not start');
  expect(document.querySelector('button')).toHaveTextContent('Reload');
});

it('a server-rendered page whose address a script changed before the app started renders afresh instead of hydrating', async () => {
  const config = { apiUrl: 'http://localhost:4100', remotes: {}, routes: {}, releases: {} };
  api.loadRuntimeConfig.mockResolvedValue(config);
  document.body.innerHTML = `<div id="root"><p>home</p></div><script type="application/json" id="marketplace-page">${JSON.stringify({ config, data: {}, url: '/' })}</script>`;
  window.history.pushState({}, '', '/review');
  mockMounted.mockClear();
  try {
    await start();
    expect(api.loadRuntimeConfig).toHaveBeenCalled();
    expect(mockMounted).toHaveBeenCalledWith(false);
  } finally {
    window.history.pushState({}, '', '/');
  }
});

it('a server-rendered page whose app cannot start still answers a tap: its Reload button is not held', async () => {
  const config = { apiUrl: 'http://localhost:4100', remotes: {}, routes: {}, releases: {} };
  document.body.innerHTML = `<div id="root"><header><button type="button">Menu</button></header></div><script type="application/json" id="marketplace-page">${JSON.stringify({ config, data: {} })}</script>`;
  mockMounted.mockImplementationOnce(() => {
    throw new Error('React DOM could not be loaded');
  });
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await start();
  error.mockRestore();
  const reached = jest.fn();
  document.addEventListener('click', reached);
  // jsdom has no reload (it says so on the console).
  const notImplemented = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  screen.getByRole('button', { name: 'Reload' }).click();
  notImplemented.mockRestore();
  document.removeEventListener('click', reached);
  expect(reached).toHaveBeenCalledTimes(1);
});
