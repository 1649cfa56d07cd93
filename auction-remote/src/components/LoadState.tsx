import { type ReactElement } from 'react';
import { Spinner } from '@marketplace/shared';
import { LOAD_ERROR_TEXT } from '../lib/links';
import ui from '../styles/ui.module.css';

/** The spinner in a box that keeps the room the content will take, so nothing below jumps. */
export function Loading({ label, minHeight = 360 }: { label: string; minHeight?: number }): ReactElement {
  return (
    <div style={{ minHeight }}>
      <Spinner label={label} />
    </div>
  );
}

/**
 * A load failed. For the auction list the spec keeps the spinner and shows 'Something went wrong ...';
 * we add a way to try again.
 */
export function LoadFailed({ onRetry, text = LOAD_ERROR_TEXT }: { onRetry?: () => void; text?: string }): ReactElement {
  return (
    <div className={ui.failBox}>
      <Spinner label="Not loaded" />
      <p className={ui.failText} role="alert">
        {text}
      </p>
      {onRetry && (
        <button type="button" className={ui.btnOutline} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
