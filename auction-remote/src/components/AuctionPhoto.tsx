import { type ReactElement } from 'react';
import styles from './AuctionPhoto.module.css';

interface Props {
  photo: string | null | undefined;
  alt: string;
  /** Intrinsic size attributes; the frame keeps its aspect ratio either way (no layout shift). */
  width?: number;
  height?: number;
  lazy?: boolean;
  /** The page's most prominent photo (its largest paint): fetched before the others. */
  priority?: boolean;
  className?: string;
}

/** An auction photo (an image URL or a data: URL) in a fixed-ratio frame; a placeholder without one. */
export function AuctionPhoto({
  photo,
  alt,
  width = 400,
  height = 300,
  lazy = true,
  priority = false,
  className,
}: Props): ReactElement {
  const src = (photo ?? '').trim();
  return (
    <div
      className={[styles.frame, className].filter(Boolean).join(' ')}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {src ? (
        <img
          className={styles.img}
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
        />
      ) : (
        <span className={styles.none} role="img" aria-label={`${alt} (no photo)`}>
          No photo
        </span>
      )}
    </div>
  );
}
