import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; refreshing: boolean }
  | { status: 'error'; error: unknown };

/**
 * Loads data when its dependencies change (a stale answer is dropped) and keeps it in state:
 * `retry()` loads again from scratch (spinner), `reload()` refreshes in the background while the
 * current data stays on screen, `update(fn)` changes the loaded data in place (live events).
 */
export function useResource<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [run, setRun] = useState(0);
  const keepData = useRef(false);

  useEffect(() => {
    let current = true;
    const background = keepData.current;
    keepData.current = false;
    setState((s) => (background && s.status === 'ready' ? { ...s, refreshing: true } : { status: 'loading' }));
    load().then(
      (data) => current && setState({ status: 'ready', data, refreshing: false }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [...deps, run]);

  const retry = useCallback(() => setRun((n) => n + 1), []);
  const reload = useCallback(() => {
    keepData.current = true;
    setRun((n) => n + 1);
  }, []);
  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.status === 'ready' ? { ...s, data: change(s.data) } : s)),
    [],
  );
  return { state, retry, reload, update };
}
