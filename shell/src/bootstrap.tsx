import { startTransition, StrictMode, useEffect, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@marketplace/shared/router';
import { App } from './App';
import { replayEarlyTaps } from './earlyTaps';
import { AREA_IN_BROWSER } from './federation/areaApps';
import { RemoteUnavailableError } from './federation/remotes';

// Started by startup once the app mounts: the areas' error boundaries report to it from this chunk.
export { startTelemetry } from './telemetry/pageView';

/** Errors an area's boundary already shows to the user; a missing remote was logged by the runtime plugin. */
function onCaughtError(error: unknown, info: ErrorInfo): void {
  if (error instanceof RemoteUnavailableError) return;
  console.error('[shell] an area failed while rendering and shows its unavailable notice:', error, info.componentStack);
}

/**
 * Expected: an area the rendering server left to the browser (its code was missing or slow there),
 * and one the server rendered whose code the browser cannot load (its boundary renders it afresh,
 * showing its unavailable notice; the runtime plugin logged why).
 */
function onRecoverableError(error: unknown, info: ErrorInfo): void {
  const { digest, cause } = (error ?? {}) as { digest?: unknown; cause?: unknown };
  if (digest === AREA_IN_BROWSER || cause instanceof RemoteUnavailableError) return;
  console.error('[shell] the server HTML could not be hydrated as it was:', error, info.componentStack);
}

/** The shell's root has committed (hydrated, or rendered afresh): taps held meanwhile go through. */
function RootCommitted(): null {
  useEffect(() => replayEarlyTaps(), []);
  return null;
}

/** Renders the app into the page: over the server's HTML (hydrating it) when the page came rendered. */
export function mount(serverRendered: boolean): void {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
        <RootCommitted />
      </BrowserRouter>
    </StrictMode>
  );
  if (serverRendered) {
    // The server's HTML is on screen and usable (links, forms): hydrating it is not urgent, so it
    // runs as a transition, in slices that let the browser paint and answer input between them
    // (otherwise one long task of the whole page). A tap meanwhile hydrates what it lands on at
    // once (React's selective hydration); the header's buttons are held until the root commits.
    startTransition(() => {
      hydrateRoot(root, app, { onCaughtError, onRecoverableError });
    });
  } else createRoot(root, { onCaughtError }).render(app);
}
