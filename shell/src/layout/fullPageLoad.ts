/** Opens a URL with a full page load (the search box does this, as the spec says). */
export function fullPageLoad(url: string): void {
  window.location.assign(url);
}
