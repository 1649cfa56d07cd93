import type { ComponentType, ReactElement } from 'react';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../src/App';
import type { RemoteName } from '../src/federation/remotes';

/** Stands in for a remote's `./App`: says which area rendered and for which path. */
export function fakeRemoteApp(name: RemoteName): { default: ComponentType } {
  function FakeApp(): ReactElement {
    const { pathname } = useLocation();
    return (
      <p>
        {name} area at {pathname}
      </p>
    );
  }
  return { default: FakeApp };
}

/** Where the router is now, for assertions about navigation. */
export function LocationProbe(): ReactElement {
  const { pathname } = useLocation();
  return <div data-testid="location" hidden>{pathname}</div>;
}

/** The whole shell (header, area, footer, toasts) at a path. */
export function renderApp(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** renderApp for one of the shell's own pages, each in its own chunk: resolves once it is shown. */
export async function renderShellPage(path: string): Promise<RenderResult> {
  const result = renderApp(path);
  await waitFor(() => expect(screen.queryByText('Loading page')).toBeNull());
  return result;
}
