import { StrictMode, type ErrorInfo } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@marketplace/shared/router';
import { App } from './App';
import { RemoteUnavailableError } from './federation/remotes';

/** Errors an area's boundary already shows to the user; a missing remote was logged by the runtime plugin. */
function onCaughtError(error: unknown, info: ErrorInfo): void {
  if (error instanceof RemoteUnavailableError) return;
  console.error('[shell] an area failed while rendering and shows its unavailable notice:', error, info.componentStack);
}

createRoot(document.getElementById('root')!, { onCaughtError }).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
