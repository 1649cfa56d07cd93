import { createContext, useContext, useState, type ReactElement, type ReactNode } from 'react';
import { useLocation } from '@marketplace/shared/router';

const PreviousPathContext = createContext<string | null>(null);

/**
 * Remembers the path the user came from inside the app (null on the first page of a visit), so a
 * shell page can tell how it was reached: /logout after /newpassword ends a password reset.
 */
export function PreviousPathProvider({ children }: { children: ReactNode }): ReactElement {
  const { pathname } = useLocation();
  const [paths, setPaths] = useState({ current: pathname, previous: null as string | null });
  // Derived from the previous render (React's "adjusting state when a prop changes" pattern).
  if (paths.current !== pathname) setPaths({ current: pathname, previous: paths.current });
  const previous = paths.current === pathname ? paths.previous : paths.current;
  return <PreviousPathContext.Provider value={previous}>{children}</PreviousPathContext.Provider>;
}

/** The path shown before the current one in this tab, or null on the first page. */
export function usePreviousPath(): string | null {
  return useContext(PreviousPathContext);
}
