import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The file names of the stylesheets a server-rendered page came with, inlined (`<style data-href>`). */
function inlinedStylesheets(): Set<string> {
  const names = new Set<string>();
  for (const style of document.querySelectorAll('style[data-href]')) names.add(style.getAttribute('data-href') ?? '');
  return names;
}

/**
 * Module federation runtime plugin of the shell (webpack.config.js → runtimePlugins).
 *
 * Loading a remote's module, the runtime first fetches the CSS its manifest lists for it, as a
 * stylesheet link. A server-rendered page already has the CSS of the modules it rendered, inlined
 * under each file's name (platform/src/render/stylesheets.ts), which webpack's own chunk loader
 * sees but the runtime does not: this leaves those files out of what it fetches.
 *
 * Part of the shell's entry chunk, before shared modules are negotiated: it imports no shared module.
 */
export default function inlinedStylesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'marketplace-inlined-styles',
    beforePreloadRemote({ preloadOps }) {
      if (typeof document === 'undefined') return;
      const inlined = inlinedStylesheets();
      if (inlined.size === 0) return;
      for (const op of preloadOps) {
        const { filter } = op;
        op.filter = (url) => !inlined.has(url.slice(url.lastIndexOf('/') + 1)) && (filter ? filter(url) : true);
      }
    },
  };
}
