import { useEffect, useRef, type ReactElement } from 'react';
import type { PagedList } from '../lib/usePagedList';
import ui from '../styles/ui.module.css';

/**
 * The button under a list loaded a page at a time (usePagedList): shown while another page
 * follows, disabled and busy while it loads; the first new item then takes the focus.
 */
export function LoadMore({ list, label }: { list: Pick<PagedList<unknown>, 'hasMore' | 'loadingMore' | 'loadMore'>; label: string }): ReactElement | null {
  const button = useRef<HTMLButtonElement>(null);
  const wasLoading = useRef(false);
  useEffect(() => {
    // A disabled button loses the focus: it gets it back when the page brought nothing new to go on to (a duplicate, or filtered out).
    if (wasLoading.current && !list.loadingMore && document.activeElement === document.body) button.current?.focus();
    wasLoading.current = list.loadingMore;
  }, [list.loadingMore]);
  if (!list.hasMore) return null;
  return (
    <div className={ui.loadMore}>
      <button ref={button} type="button" className={ui.buttonOutline} onClick={list.loadMore} disabled={list.loadingMore} aria-busy={list.loadingMore}>
        {list.loadingMore ? 'Loading…' : label}
      </button>
    </div>
  );
}
