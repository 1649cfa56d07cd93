import '@testing-library/jest-dom';
import { resetApiMocks, sharedWithApiMocks } from './mockApi';

// Calls to a server are the tests' edge: each is a jest.fn (the real client until a test answers
// for it, `mockApi()` in @marketplace/shared/testing), reset after every test. A test file that
// mocks @marketplace/shared itself replaces this.
jest.mock('../src', () => sharedWithApiMocks());

// Every test resolves links as a page does, through the live link table: the front ends'
// manifests' own (derived once by jest.config.js, as the development servers' /config.json is).
declare const __MARKETPLACE_LINKS__: Record<string, string>;
const installLinks = (): void => {
  window.__MARKETPLACE_CONFIG__ = { ...window.__MARKETPLACE_CONFIG__, links: __MARKETPLACE_LINKS__ };
};
installLinks();
beforeEach(installLinks);

afterEach(() => {
  resetApiMocks();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
