import { type ReactElement } from 'react';
import { Link, useLocation } from '@marketplace/shared/router';
import { useIsSignedIn, linkTo, safeReturnPath } from '@marketplace/shared';
import { toggleWatch, useWatchHeart } from '../lib/watching';
import styles from './WatchHeart.module.css';

function Heart(): ReactElement {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.icon}>
      <path d="M20.8 5.6a5.4 5.4 0 0 0-7.7 0L12 6.7l-1.1-1.1a5.4 5.4 0 0 0-7.7 7.7l1.1 1.1L12 22l7.7-7.6 1.1-1.1a5.4 5.4 0 0 0 0-7.7Z" />
    </svg>
  );
}

/**
 * The heart that watches an item. Signed in: a toggle ('Watch {item}' / 'Stop watching {item}',
 * aria-pressed) whose state is read after hydration; signed out (and in the server's HTML, which
 * is the same for everyone): a link to sign in that comes back to this page, as shops do.
 * `variant`: 'card' floats over a card's photo, 'page' sits beside the item page's heading.
 */
export function WatchHeart({
  auctionid,
  productname,
  variant = 'card',
}: {
  auctionid: number;
  productname: string;
  variant?: 'card' | 'page';
}): ReactElement {
  const signedIn = useIsSignedIn();
  const { pressed, busy } = useWatchHeart(auctionid);
  const { pathname, search } = useLocation();
  const className = `${styles.heart} ${variant === 'card' ? styles.card : styles.page}`;
  if (!signedIn)
    return (
      <Link
        className={className}
        to={linkTo('login', { next: safeReturnPath(`${pathname}${search}`) })}
        aria-label={`Watch ${productname}`}
        title="Sign in to watch this item"
      >
        <Heart />
      </Link>
    );
  const label = pressed ? `Stop watching ${productname}` : `Watch ${productname}`;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={pressed}
      aria-label={label}
      title={pressed ? 'Watching: press to stop' : 'Watch this item'}
      aria-busy={busy || undefined}
      onClick={() => void toggleWatch(auctionid)}
    >
      <Heart />
    </button>
  );
}
