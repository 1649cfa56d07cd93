import { type ReactElement, type ReactNode } from 'react';
import { Link } from '@marketplace/shared/router';
import { useHydrated } from '@marketplace/shared';

/**
 * A link that hands the page's `?next=` on (/login to /signup and back). The server renders these
 * pages once for every `next`, so its HTML cannot carry it: until the page is hydrated the link is
 * its text only (followed then, it would lose where the shopper was going), then a link with it.
 */
export function NextLink({
  to,
  className,
  children,
}: {
  to: string;
  className: string;
  children: ReactNode;
}): ReactElement {
  const hydrated = useHydrated();
  if (!hydrated) return <span className={className}>{children}</span>;
  return (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}
