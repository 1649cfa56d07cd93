import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';
import type { Page } from '../api/paging';
import type { PageQuery } from '@marketplace/contract';
import type { ResourceStatus } from './useResource';
import { sameDeps } from './deps';
import { useServerData } from './serverData';

/** Reads one page of a list: the first without a cursor, each following one with the `next` of the page before. */
export type PageReader<T> = (page: PageQuery) => Promise<Page<T>>;

export type ItemKey = string | number;

export interface PagedListOptions<T> {
  /** What makes two items the same: an item that comes again on a later page replaces the one shown, where it is. */
  keyOf(item: T): ItemKey;
  /**
   * The list's largest page (the API's maximum): `reload()` reads the items loaded so far again in
   * one read of at most this many. Without it, `reload()` reads the first page only.
   */
  maxPageSize?: number;
  /** Names the first page's read for a server render (see serverData.ts), e.g. `products:new`. */
  key?: string;
  /**
   * Where the list starts: the cursor of a following page, from the page's URL (`?cursor=`),
   * which is where Load more leads when JavaScript is off (LoadMore). The start of the list without.
   */
  start?: string | null;
  /** The first page (or a reload) could not be read. */
  onFailed?(error: unknown): void;
  /** A following page could not be read; the items shown stay. */
  onMoreFailed?(error: unknown): void;
}

export interface PagedList<T> {
  /**
   * Where the list stands, in useResource's words: 'loading' (no items yet), 'ready' (`items`
   * shown; a reload that failed keeps them, with `failed` set), 'failed' (the first page could
   * not be read: nothing to show). Optional in the type only, so that 1.x could add it; always set.
   */
  status?: ResourceStatus;
  /** The list is read again (`reload()`) while the items loaded so far stay shown. Always set, as `status`. */
  refreshing?: boolean;
  /** Every item loaded so far, in the server's order; null until the first page arrives. */
  items: T[] | null;
  /** The last read of the first page (or reload) failed, with `error`; the items shown, if any, are the earlier ones. */
  failed: boolean;
  error: unknown;
  /** The first page is being read (again). */
  loading: boolean;
  /** Another page follows: offer Load more. */
  hasMore: boolean;
  /** The cursor of the page that follows (null at the end): Load more's link when JavaScript is off. Always set. */
  next?: string | null;
  /** A following page is being read. */
  loadingMore: boolean;
  loadMore(): void;
  /** Reads the list again from the top, as far as it was loaded (see maxPageSize); the items shown stay until it answers. Also the retry after a failure. */
  reload(): void;
  /** The ref of item `key`'s element: the first item a Load more brought takes the focus, so a keyboard goes on from there. */
  itemRef(key: ItemKey): RefCallback<HTMLElement>;
}

interface State<T> {
  items: T[] | null;
  next: string | null;
  failed: boolean;
  error: unknown;
  loading: boolean;
  loadingMore: boolean;
}

const START: State<never> = {
  items: null,
  next: null,
  failed: false,
  error: undefined,
  loading: true,
  loadingMore: false,
};

/** `shown` with `page` merged in: an item already shown is replaced where it is, the others are appended; `added` are the keys appended. */
export function mergePage<T>(
  shown: readonly T[],
  page: readonly T[],
  keyOf: (item: T) => ItemKey,
): { items: T[]; added: ItemKey[] } {
  const at = new Map(shown.map((item, index) => [keyOf(item), index]));
  const items = [...shown];
  const added: ItemKey[] = [];
  for (const item of page) {
    const key = keyOf(item);
    const index = at.get(key);
    if (index !== undefined) {
      items[index] = item;
    } else {
      at.set(key, items.length);
      items.push(item);
      added.push(key);
    }
  }
  return { items, added };
}

/**
 * A list the API answers a page at a time, shown with a Load more button: reads the first page
 * when `deps` change (a stale answer is dropped), appends the following ones on `loadMore()`.
 */
export function usePagedList<T>(
  read: PageReader<T>,
  deps: readonly unknown[],
  options: PagedListOptions<T>,
): PagedList<T> {
  const start = options.start || null;
  const fromServer = useServerData(options.key, () => read(start ? { cursor: start } : {}));
  const [state, setState] = useState<State<T>>(() => {
    if (fromServer.ok)
      return {
        ...START,
        items: mergePage([], fromServer.data.items, options.keyOf).items,
        next: fromServer.data.next,
        loading: false,
      };
    return fromServer.error ? { ...START, failed: true, error: fromServer.error, loading: false } : START;
  });
  const [run, setRun] = useState(0);
  /** The first page came with the server render: not read again until `deps` change or a reload. */
  const initialFor = useRef<readonly unknown[] | null>(fromServer.ok || fromServer.error ? [...deps, start, 0] : null);
  // The latest arguments, for callbacks that stay the same across renders.
  const latest = useRef({ state, read, options });
  latest.current = { state, read, options };
  /** Changes with every read of the first page (and on unmount): a following page asked for before is dropped. */
  const generation = useRef(0);
  const reloading = useRef(false);
  /** A Load more added to the first page (a reload then reads that far again). */
  const extended = useRef(false);
  const moreInFlight = useRef(false);
  /** The keys the last Load more appended: the first of them the page renders takes the focus. */
  const takesFocus = useRef(new Set<ItemKey>());

  useEffect(() => {
    if (initialFor.current) {
      if (sameDeps(initialFor.current, [...deps, start, run])) return undefined;
      initialFor.current = null;
    }
    const gen = ++generation.current;
    const keep = reloading.current;
    reloading.current = false;
    moreInFlight.current = false;
    const { items } = latest.current.state;
    const { maxPageSize } = latest.current.options;
    const span = keep && extended.current && items && maxPageSize ? { limit: Math.min(items.length, maxPageSize) } : {};
    if (!keep) extended.current = false;
    // A reload keeps the items on screen; a new list, or a retry with nothing shown, shows the spinner.
    setState((s) => (keep && s.items !== null ? { ...s, loading: true, loadingMore: false } : START));
    const { start: from } = latest.current.options;
    latest.current.read(from ? { ...span, cursor: from } : span).then(
      (page) => {
        if (gen !== generation.current) return;
        extended.current = 'limit' in span;
        setState({
          ...START,
          items: mergePage([], page.items, latest.current.options.keyOf).items,
          next: page.next,
          loading: false,
        });
      },
      (error: unknown) => {
        if (gen !== generation.current) return;
        setState((s) => ({ ...s, failed: true, error, loading: false, loadingMore: false }));
        latest.current.options.onFailed?.(error);
      },
    );
    return () => {
      generation.current += 1;
    };
  }, [...deps, start, run]);

  const loadMore = useCallback(() => {
    const { items, next } = latest.current.state;
    if (items === null || next === null || moreInFlight.current) return;
    moreInFlight.current = true;
    const gen = generation.current;
    setState((s) => ({ ...s, loadingMore: true }));
    latest.current.read({ cursor: next }).then(
      (page) => {
        if (gen !== generation.current) return;
        moreInFlight.current = false;
        extended.current = true;
        const merged = mergePage(latest.current.state.items ?? [], page.items, latest.current.options.keyOf);
        takesFocus.current = new Set(merged.added);
        setState((s) => ({ ...s, items: merged.items, next: page.next, loadingMore: false }));
      },
      (error: unknown) => {
        if (gen !== generation.current) return;
        moreInFlight.current = false;
        setState((s) => ({ ...s, loadingMore: false }));
        latest.current.options.onMoreFailed?.(error);
      },
    );
  }, []);

  // Once the appended items are on screen, one the page did not render (filtered out) must not take the focus later.
  useEffect(() => {
    takesFocus.current.clear();
  }, [state.items]);

  const reload = useCallback(() => {
    reloading.current = true;
    setRun((n) => n + 1);
  }, []);

  const itemRef = useCallback(
    (key: ItemKey): RefCallback<HTMLElement> =>
      (element) => {
        if (!element || !takesFocus.current.has(key)) return;
        takesFocus.current.clear();
        // A card or a row cannot take the focus of its own: it may from a script, outside the Tab order.
        if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
        element.focus();
      },
    [],
  );

  return {
    status: state.items !== null ? 'ready' : state.failed ? 'failed' : 'loading',
    refreshing: state.loading && state.items !== null,
    items: state.items,
    failed: state.failed,
    error: state.error,
    loading: state.loading,
    hasMore: state.items !== null && state.next !== null,
    next: state.items !== null ? state.next : null,
    loadingMore: state.loadingMore,
    loadMore,
    reload,
    itemRef,
  };
}
