import { exitPreview, PREVIEW_KEY, previewRequest } from './runtimeConfig';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

it('starts a preview from ?preview= for this tab, and takes the parameter out of the address', () => {
  window.history.replaceState(null, '', '/review?preview=shop@abc1234-0123abcd&page=2#top');
  expect(previewRequest()).toBe('shop@abc1234-0123abcd');
  expect(sessionStorage.getItem(PREVIEW_KEY)).toBe('shop@abc1234-0123abcd');
  expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/review?page=2#top');
  // Later pages of the same tab keep it.
  window.history.replaceState(null, '', '/newarrival');
  expect(previewRequest()).toBe('shop@abc1234-0123abcd');
  exitPreview();
  expect(previewRequest()).toBeNull();
});

it('ignores a preview parameter that names no release', () => {
  window.history.replaceState(null, '', '/?preview=%3Cscript%3E');
  expect(previewRequest()).toBeNull();
  expect(sessionStorage.getItem(PREVIEW_KEY)).toBeNull();
});
