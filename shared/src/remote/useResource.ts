import { useCallback, useEffect, useRef, useState } from 'react';
import { sameDeps } from './deps';
import { useServerData } from './serverData';

/** Where a load stands: nothing to show yet, data to show, or nothing to show because the load failed. */
export type ResourceStatus = 'loading' | 'ready' | 'failed';

export type ResourceState<T> =
  | { status: 'loading' }
  /** `refreshing`: a `reload()` is under way; `data` stays until it answers. */
  | { status: 'ready'; data: T; refreshing: boolean }
  | { status: 'failed'; error: unknown };

export interface ResourceOptions<T> {
  /**
   * Data the page already has (rendered on the server): shown at once, and not fetched again
   * until `deps` change or `retry()`/`reload()` is called.
   */
  initial?: T;
  /**
   * Names the read for a server render (e.g. `product:12`; the same on the server and in the
   * browser): the rendering server runs it and the page starts from its answer (see serverData.ts).
   */
  key?: string;
  /**
   * Every failed load. `background` is true when a `reload()` failed: the data shown stays and
   * the status stays 'ready', so this is the place to tell the user (a toast).
   */
  onFailed?(error: unknown, failure: { background: boolean }): void;
}

export interface ResourceActions<T> {
  /** Loads again from scratch: the status goes back to 'loading'. The Try again of a failure. */
  retry(): void;
  /** Loads again in the background: the data shown stays (`refreshing` meanwhile) until the answer replaces it. */
  reload(): void;
  /** Changes the data shown in place (a live event, a saved edit); nothing while there is no data. */
  update(change: (data: T) => T): void;
}

export type Resource<T> = ResourceState<T> & ResourceActions<T>;

const LOADING = { status: 'loading' } as const;

/**
 * Data a page loads and shows: `load()` runs when `deps` change, and an answer that comes after
 * the next load started (the user moved on) is dropped. The state says 'loading', 'ready' with
 * `data`, or 'failed' with `error`; `retry()`, `reload()` and `update()` act on it.
 */
export function useResource<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  options: ResourceOptions<T> = {},
): Resource<T> {
  const fromServer = useServerData(options.key, load);
  const hasInitial = 'initial' in options || fromServer.ok || fromServer.error !== undefined;
  const [state, setState] = useState<ResourceState<T>>(() => {
    if (fromServer.ok) return { status: 'ready', data: fromServer.data, refreshing: false };
    if (fromServer.error) return { status: 'failed', error: fromServer.error };
    return 'initial' in options ? { status: 'ready', data: options.initial as T, refreshing: false } : LOADING;
  });
  const [run, setRun] = useState(0);
  // The latest arguments and state, for the effect and callbacks that outlive a render.
  const latest = useRef({ load, options, state });
  latest.current = { load, options, state };
  /** The dependencies the initial data belongs to: no fetch while they hold (React may run an effect twice). */
  const initialFor = useRef<readonly unknown[] | null>(hasInitial ? [...deps, 0] : null);
  const background = useRef(false);
  const generation = useRef(0);

  useEffect(() => {
    const key = [...deps, run];
    if (initialFor.current) {
      if (sameDeps(initialFor.current, key)) return undefined;
      initialFor.current = null;
    }
    const gen = ++generation.current;
    // A reload keeps the data on screen; a first load, new deps or a retry show 'loading'.
    const keep = background.current && latest.current.state.status === 'ready';
    background.current = false;
    setState((s) => (keep && s.status === 'ready' ? { ...s, refreshing: true } : LOADING));
    latest.current.load().then(
      (data) => {
        if (gen === generation.current) setState({ status: 'ready', data, refreshing: false });
      },
      (error: unknown) => {
        if (gen !== generation.current) return;
        setState((s) => (keep && s.status === 'ready' ? { ...s, refreshing: false } : { status: 'failed', error }));
        latest.current.options.onFailed?.(error, { background: keep });
      },
    );
    return () => {
      generation.current += 1;
    };
  }, [...deps, run]);

  const retry = useCallback(() => {
    background.current = false;
    setRun((n) => n + 1);
  }, []);
  const reload = useCallback(() => {
    background.current = true;
    setRun((n) => n + 1);
  }, []);
  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.status === 'ready' ? { ...s, data: change(s.data) } : s)),
    [],
  );
  return { ...state, retry, reload, update };
}
