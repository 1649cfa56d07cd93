import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to render: the first `first` at once, then all of them in a
 * following low-priority render (a transition, which React interrupts for input and lets the
 * browser paint between). The top of the list, and its photos, no longer wait for the whole of it.
 */
export function useStagedCount(total: number, first: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all && total > first) startTransition(() => setAll(true));
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}
