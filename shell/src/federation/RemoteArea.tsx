import { Suspense, useCallback, useMemo, useState, type ReactElement } from 'react';
import { useLocation } from '@marketplace/shared/router';
import { Spinner } from '@marketplace/shared';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import { areaApp, retryArea } from './areaApps';
import type { RemoteName } from './remotes';
import styles from './RemoteArea.module.css';

function AreaLoading({ area }: { area: RemoteName }): ReactElement {
  return (
    <div className={styles.loading}>
      <Spinner label={`Loading the ${area} pages`} />
    </div>
  );
}

/**
 * The area of one remote: loads `<name>/App` the first time one of its routes opens, shows a
 * fixed-height spinner meanwhile, and keeps any failure of that remote inside this area.
 */
export function RemoteArea({ name }: { name: RemoteName }): ReactElement {
  const { pathname, search, hash } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const App = useMemo(() => areaApp(name), [name, attempt]);
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
