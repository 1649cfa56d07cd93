import { type ReactElement } from 'react';
import { Spinner } from '@marketplace/shared';
import { LOAD_ERROR_TEXT } from '../lib/productLinks';
import ui from '../styles/ui.module.css';

/** The spinner while a page's main data loads, in a box that keeps the room the content will take. */
export function LoadingArea({ label, className }: { label: string; className?: string }): ReactElement {
  return (
    <div className={[ui.reserve, className].filter(Boolean).join(' ')}>
      <Spinner label={label} />
    </div>
  );
}

/**
 * A list call failed: the spec (section 4) keeps the spinner and shows 'Something went wrong ...'.
 * We add a retry so the shopper is not stuck.
 */
export function LoadError({ onRetry }: { onRetry?: () => void }): ReactElement {
  return (
    <div className={ui.loadErrorBox}>
      <Spinner />
      <p className={ui.loadError} role="alert">
        {LOAD_ERROR_TEXT}
      </p>
      {onRetry && (
        <button type="button" className={ui.buttonOutline} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
