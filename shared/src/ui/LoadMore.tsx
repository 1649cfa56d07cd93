import { useEffect, useRef, type ReactElement } from 'react';
import type { PagedList } from '../remote/usePagedList';
import styles from './atoms.module.css';

/**
 * The button under a list loaded a page at a time (usePagedList): shown while another page
 * follows, disabled and busy while it loads; the first new item then takes the focus.
 * `buttonClassName`: the front end's own button look.
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
  useEffect(() => {
    // A disabled button loses the focus: it gets it back when the page brought nothing new to go on to (a duplicate, or filtered out).
    if (wasLoading.current && !list.loadingMore && document.activeElement === document.body) button.current?.focus();
    wasLoading.current = list.loadingMore;
  }, [list.loadingMore]);
  if (!list.hasMore) return null;
  return (
    <div className={styles.loadMore}>
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        onClick={list.loadMore}
        disabled={list.loadingMore}
        aria-busy={list.loadingMore}
      >
        {list.loadingMore ? 'Loading…' : label}
      </button>
    </div>
  );
}
