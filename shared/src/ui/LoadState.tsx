import { type ReactElement, type ReactNode } from 'react';
import { Spinner } from './atoms';
import styles from './atoms.module.css';

/** The one text of a failed load (spec section 8, a product or auction listing that failed to load). */
export const LOAD_FAILED_TEXT = 'Something went wrong ...';

/**
 * The spinner while a page's data loads. `minHeight` keeps the room the content will take, so
 * nothing below jumps when it arrives.
 */
export function Loading({ label, minHeight }: { label: string; minHeight?: number | string }): ReactElement {
  return (
    <div className={styles.loading} style={minHeight === undefined ? undefined : { minHeight }}>
      <Spinner label={label} />
    </div>
  );
}

/**
 * A load failed: the spec keeps the spinner and shows 'Something went wrong ...'; we add Try
 * again (when `onRetry` is given) so the user is not stuck. `what` leads the text with what could
 * not be loaded ('Your orders could not be loaded.'); `buttonClassName`: the front end's own button look.
 */
export function LoadFailed({
  onRetry,
  what,
  buttonClassName,
}: {
  onRetry?: () => void;
  what?: ReactNode;
  buttonClassName?: string;
}): ReactElement {
  return (
    <div className={styles.loadFailed}>
      <Spinner label="Not loaded" />
      <p className={styles.loadFailedText} role="alert">
        {what !== undefined && <span>{what}</span>} {LOAD_FAILED_TEXT}
      </p>
      {onRetry && (
        <button type="button" className={buttonClassName} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
