import { type ReactElement } from 'react';
import { photoSrc } from '../lib/photo';
import styles from './ProductPhoto.module.css';

interface Props {
  photo: string;
  alt: string;
  /** Below the fold: let the browser defer it. */
  lazy?: boolean;
  /** Intrinsic size hint (the seeded photos are square); the box keeps a 1:1 ratio either way. */
  size?: number;
  priority?: boolean;
  className?: string;
}

/** A product photo in a fixed square box, so cards never jump while images load. */
export function ProductPhoto({
  photo,
  alt,
  lazy = true,
  size = 400,
  priority = false,
  className,
}: Props): ReactElement {
  const src = photoSrc(photo);
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      {src ? (
        <img
          className={styles.img}
          src={src}
          alt={alt}
          width={size}
          height={size}
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
        />
      ) : (
        <span className={styles.placeholder} role="img" aria-label={`${alt} (no photo)`}>
          No photo
        </span>
      )}
    </div>
  );
}
