import { holdEarlyTaps, replayEarlyTaps } from './earlyTaps';
import type { RuntimeConfig } from '@marketplace/shared';
import { readEmbeddedPage, showsRenderedPage, type EmbeddedPage } from './embeddedPage';
import { yieldToMain } from './afterNextPaint';

/**
 * Boot sequence of the shell, behind the async boundary of index.ts: read the runtime config
 * (embedded in a server-rendered page, else /config.json), register the remotes it lists, then
 * render, hydrating the server's HTML when there is some. If the config cannot be read, the page
 * says so in words instead of staying white.
 */
export async function start(): Promise<void> {
  let rendered: EmbeddedPage | null = null;
  /** What the page-view telemetry reports against (null: none, in a preview tab). */
  let telemetryConfig: RuntimeConfig | null = null;
  try {
    // A page rendered on the server is on screen already (the first-view loader started this code
    // once it had painted: firstView.ts). Its header's buttons do nothing until hydrated: a tap on
    // one meanwhile is held till then (the loader started holding; this covers a page without it).
    if (readEmbeddedPage()) holdEarlyTaps();
    await yieldToMain();
    const { loadRuntimeConfig, previewRequest, provideServerData } = await import('@marketplace/shared');
    // A tab that previews releases boots from its own config and renders afresh; so does a page
    // whose address was changed before the app started (the HTML is another page's).
    const page = previewRequest() ? null : readEmbeddedPage();
    const embedded = page && showsRenderedPage(page) ? page : null;
    let config;
    if (embedded) {
      config = embedded.config;
      window.__MARKETPLACE_CONFIG__ = config;
      provideServerData(embedded.data);
      rendered = embedded;
    } else {
      config = await loadRuntimeConfig();
    }
    await yieldToMain();
    const { registerRuntimeRemotes } = await import('./federation/remotes');
    registerRuntimeRemotes(config);
    if (!previewRequest()) telemetryConfig = config;
  } catch (error) {
    console.error('[shell] could not read /config.json:', error);
    showStartupFailure();
    return;
  }
  try {
    await yieldToMain();
    const { mount, startTelemetry } = await import('./bootstrap');
    await yieldToMain();
    // Field telemetry per release (not in development, where nothing is released, nor in a preview).
    if (telemetryConfig) startTelemetry(telemetryConfig);
    // Checked again: the address may have changed while the code loaded.
    mount(rendered !== null && showsRenderedPage(rendered));
  } catch (error) {
    console.error('[shell] could not start:', error);
    showStartupFailure();
  }
}

/** A plain message, without React (which may be what failed to load). */
export function showStartupFailure(): void {
  const root = document.getElementById('root') ?? document.body;
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:560px;margin:15vh auto;padding:32px;text-align:center;font-family:system-ui,sans-serif;color:#212121;border:1px solid #e0e0e0;border-radius:12px';
  const title = document.createElement('h1');
  title.textContent = 'The shop could not start';
  title.style.cssText = 'font-size:1.5rem;margin:0 0 12px';
  const text = document.createElement('p');
  text.textContent =
    'Its configuration could not be loaded from the server. Please check your connection and reload the page in a moment.';
  text.style.cssText = 'color:#5f6368;line-height:1.6;margin:0 0 20px';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.style.cssText =
    'background:#e65100;color:#fff;border:0;border-radius:6px;padding:10px 24px;font:inherit;font-weight:600;cursor:pointer';
  reload.addEventListener('click', () => window.location.reload());
  box.append(title, text, reload);
  root.replaceChildren(box);
  // The app will not start: taps are no longer held (the page's buttons are gone; Reload is a plain one).
  replayEarlyTaps();
}
