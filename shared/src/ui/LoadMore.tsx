import { useEffect, useRef, type FormEvent, type ReactElement } from 'react';
import { useLocation } from '../router';
import type { PagedList } from '../remote/usePagedList';
import styles from './atoms.module.css';

/** The query parameter of a following page's cursor (usePagedList's `start`). */
const CURSOR_PARAM = 'cursor';

/** The cursor the page's URL starts its list at (`?cursor=`, where LoadMore leads without JavaScript), or null. */
export function useStartCursor(): string | null {
  const { search } = useLocation();
  return new URLSearchParams(search).get(CURSOR_PARAM);
}

/**
 * The button under a list loaded a page at a time (usePagedList): shown while another page
 * follows, disabled and busy while it loads; the first new item then takes the focus. Without
 * JavaScript (a server-rendered page) it is a form that opens the same page from the next
 * page's cursor (`?cursor=`, the page's other parameters kept), which the page passes to
 * usePagedList as `start`. `buttonClassName`: the front end's own button look.
 */
export function LoadMore({
  list,
  label,
  buttonClassName,
}: {
  list: Pick<PagedList<unknown>, 'hasMore' | 'loadingMore' | 'loadMore'>;
  label: string;
  buttonClassName?: string;
}): ReactElement | null {
  const button = useRef<HTMLButtonElement>(null);
  const wasLoading = useRef(false);
  const { search } = useLocation();
  useEffect(() => {
    // A disabled button loses the focus: it gets it back when the page brought nothing new to go on to (a duplicate, or filtered out).
    if (wasLoading.current && !list.loadingMore && document.activeElement === document.body) button.current?.focus();
    wasLoading.current = list.loadingMore;
  }, [list.loadingMore]);
  if (!list.hasMore) return null;
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== CURSOR_PARAM);
  // A usePagedList list has it (1.9); a list of another shape just has no link for JavaScript-less pages.
  const next = (list as Pick<PagedList<unknown>, 'next'>).next;
  const loadMore = (event: FormEvent) => {
    event.preventDefault();
    list.loadMore();
  };
  return (
    <form className={styles.loadMore} method="get" onSubmit={loadMore}>
      {kept.map(([name, value], index) => (
        // By place: a parameter may come more than once (?tag=a&tag=b).
        <input key={`${index}:${name}`} type="hidden" name={name} value={value} />
      ))}
      {next && <input type="hidden" name={CURSOR_PARAM} value={next} />}
      <button
        ref={button}
        type="submit"
        className={buttonClassName}
        disabled={list.loadingMore}
        aria-busy={list.loadingMore}
      >
        {list.loadingMore ? 'Loading…' : label}
      </button>
    </form>
  );
}
