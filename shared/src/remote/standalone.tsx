import { type ComponentType, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from '../router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import type { AreaName } from '../routes';
import { TOAST_OPTIONS } from '../toast/toast';
import { loadRuntimeConfig } from './runtimeConfig';
import styles from './standalone.module.css';

function StandaloneFrame({ area, routes, App }: { area: AreaName; routes: readonly string[]; App: ComponentType }): ReactElement {
  const links = routes.filter((path) => !path.includes(':'));
  return (
    <BrowserRouter>
      <header className={styles.bar}>
        <strong>{area} remote · standalone</strong>
        <nav aria-label={`${area} pages`}>
          {links.map((path) => (
            <Link key={path} to={path}>
              {path}
            </Link>
          ))}
        </nav>
      </header>
      <main className={styles.main}>
        <Routes>
          {routes.map((path) => (
            <Route key={path} path={path} caseSensitive element={<App />} />
          ))}
          <Route path="*" element={<App />} />
        </Routes>
      </main>
      <ToastContainer position={TOAST_OPTIONS.position} autoClose={TOAST_OPTIONS.autoClose} />
    </BrowserRouter>
  );
}

/**
 * Runs a remote on its own (npm run dev -w <remote>): its pages inside a minimal frame,
 * without the shell, so a team can work on one area alone.
 */
export async function mountStandalone(area: AreaName, routes: readonly string[], App: ComponentType): Promise<void> {
  await loadRuntimeConfig();
  createRoot(document.getElementById('root')!).render(<StandaloneFrame area={area} routes={routes} App={App} />);
}
