export interface RuntimeConfig {
  apiUrl: string;
  /** Container name → URL of its mf-manifest.json. */
  remotes: Record<string, string>;
}

/** Every front-end server answers /config.json (see scripts/runtime-config.cjs). */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  const config = (await response.json()) as RuntimeConfig;
  window.__MARKETPLACE_CONFIG__ = config;
  return config;
}
