export interface RuntimeConfig {
  apiUrl: string;
  /** Container name → URL of its live release's mf-manifest.json. */
  remotes: Record<string, string>;
  /** Container name → the route patterns its live release serves (its routes.json). */
  routes?: Record<string, readonly string[]>;
  /** Container name → those of its routes its manifest marks private (noindex); absent: none. */
  privateRoutes?: Record<string, readonly string[]>;
  /** Link name → route pattern, of every live release's manifest (shared's linkTo resolves them). */
  links?: Record<string, string>;
  /** Front end → its live release id (empty in development). */
  releases?: Record<string, string>;
  /** Releases this tab previews instead of the live ones (front end → release id). */
  preview?: Record<string, string>;
  /** Why a requested preview could not be given (the live releases are shown instead). */
  previewError?: string;
}

/** sessionStorage key: the releases this tab previews, e.g. 'shop@efc2563-1a2b3c4d' (one tab only). */
export const PREVIEW_KEY = 'marketplacePreview';
const PREVIEW_PARAM = 'preview';
const PREVIEW_VALUE = /^[a-z]+@[0-9a-z-]{1,60}(,[a-z]+@[0-9a-z-]{1,60}){0,3}$/;

/**
 * The preview this tab asked for: `?preview=shop@<release id>` on any page starts it (and is kept
 * in sessionStorage, so it lasts for this tab only, across reloads); nothing otherwise.
 */
export function previewRequest(): string | null {
  if (typeof window === 'undefined' || typeof sessionStorage === 'undefined') return null;
  const url = new URL(window.location.href);
  const asked = url.searchParams.get(PREVIEW_PARAM);
  if (asked !== null && PREVIEW_VALUE.test(asked)) {
    sessionStorage.setItem(PREVIEW_KEY, asked);
    url.searchParams.delete(PREVIEW_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return sessionStorage.getItem(PREVIEW_KEY);
}

/** Leaves the preview: this tab shows the live releases again from its next page load. */
export function exitPreview(): void {
  sessionStorage.removeItem(PREVIEW_KEY);
}

/** Every front-end server answers /config.json (platform/src/releases/live.ts, platform/src/config/runtimeConfig.ts). */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const preview = previewRequest();
  const response = await fetch(preview ? `/config.json?preview=${encodeURIComponent(preview)}` : '/config.json', {
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

/** Reads the runtime config once at boot and keeps it for the API client and the shell. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const config = await fetchRuntimeConfig();
  window.__MARKETPLACE_CONFIG__ = config;
  return config;
}
