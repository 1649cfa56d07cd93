import { registerRemotes } from '@module-federation/enhanced/runtime';

async function start() {
  const config = await (await fetch('/config.json')).json();
  window.__MARKETPLACE_CONFIG__ = config;
  registerRemotes(Object.entries(config.remotes as Record<string, string>).map(([name, entry]) => ({ name, entry })));
  await import('./bootstrap');
}
start();
