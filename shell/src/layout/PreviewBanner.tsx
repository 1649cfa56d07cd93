import type { ReactElement } from 'react';
import { exitPreview } from '@marketplace/shared';
import { previewState } from '../federation/remotes';
import styles from './Layout.module.css';

/**
 * Says, on every page of a tab that previews a release (?preview=shop@<id>), which release it
 * shows in place of the live one, with the way out. Nobody else sees it: the preview is this tab's.
 */
export function PreviewBanner(): ReactElement | null {
  const { preview, previewError } = previewState();
  const shown = Object.entries(preview ?? {});
  if (!shown.length && !previewError) return null;
  return (
    <div className={styles.preview} role="status">
      <span>
        {shown.length ? shown.map(([name, id]) => `Preview of ${name} ${id}`).join(' · ') : null}
        {shown.length && previewError ? ' · ' : null}
        {previewError ?? null}
      </span>
      {/* A full page load (not the router's): the live releases are read at boot. */}
      <a className={styles.previewExit} href={window.location.pathname} onClick={() => exitPreview()}>
        Exit preview
      </a>
    </div>
  );
}
