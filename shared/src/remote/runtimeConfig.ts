export interface RuntimeConfig {
  apiUrl: string;
  /** Container name → URL of its live release's mf-manifest.json. */
  remotes: Record<string, string>;
  /** Container name → the route patterns its live release serves (its routes.json). */
  routes?: Record<string, readonly string[]>;
  /** Front end → its live release id (empty in development). */
  releases?: Record<string, string>;
}

/** Every front-end server answers /config.json (scripts/releases/live.mjs, scripts/runtime-config.cjs). */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

/** Reads the runtime config once at boot and keeps it for the API client. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const config = await fetchRuntimeConfig();
  window.__MARKETPLACE_CONFIG__ = config;
  return config;
}
