import {
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactElement,
} from 'react';
import { useLocation } from '@marketplace/shared/router';
import { Spinner } from '@marketplace/shared';
import { telemetry } from '../telemetry/pageView';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import { areaApp, retryArea } from './areaApps';
import type { RemoteName } from './remotes';
import { AreaLeftToBrowser, ServerAreasContext } from './serverAreas';
import styles from './RemoteArea.module.css';

function AreaLoading({ area }: { area: RemoteName }): ReactElement {
  return (
    <div className={styles.loading}>
      <Spinner label={`Loading the ${area} pages`} />
    </div>
  );
}

/** On the server, an area left to the browser: its boundary shows the spinner until the browser renders it. */
function renderedInBrowser(name: RemoteName): ComponentType {
  return function AreaInBrowser(): never {
    throw new AreaLeftToBrowser(name);
  };
}

/**
 * The area of one remote: loads `<name>/App` the first time one of its routes opens, shows a
 * fixed-height spinner meanwhile, and keeps any failure of that remote inside this area.
 */
export function RemoteArea({ name }: { name: RemoteName }): ReactElement {
  const { pathname, search, hash } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const server = useContext(ServerAreasContext);
  const leftToBrowser = server !== null && !server.rendersOnServer(name);
  const App = useMemo(
    () => (leftToBrowser ? renderedInBrowser(name) : areaApp(name, server?.loading)),
    [name, attempt, leftToBrowser, server],
  );
  // This view used the area's release: its figures count the view.
  useEffect(() => telemetry.shown(name), [name]);
  const retry = useCallback(() => {
    retryArea(name);
    setAttempt((n) => n + 1);
  }, [name]);
  return (
    <AreaErrorBoundary area={name} resetKey={pathname} href={`${pathname}${search}${hash}`} onRetry={retry}>
      <Suspense fallback={<AreaLoading area={name} />}>
        <App />
      </Suspense>
    </AreaErrorBoundary>
  );
}
