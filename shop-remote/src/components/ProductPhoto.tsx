import { type ReactElement } from 'react';
import { Picture, type PhotoSources } from '@marketplace/shared';
import { photoSrc } from '../lib/photo';
import styles from './ProductPhoto.module.css';

/** How wide a card's photo shows (ProductCard.module.css: 2, 3 or 4 columns of a page at most 1200 px wide). */
export const CARD_PHOTO_SIZES = '(min-width: 1240px) 290px, (min-width: 920px) 25vw, (min-width: 540px) 33vw, 50vw';

interface Props {
  photo: string;
  /** The photo's smaller WebP and AVIF copies (the API's `photoSources`): the browser takes the one its screen needs. */
  sources?: PhotoSources;
  /** How wide the photo shows (the `sizes` of its copies); a card's by default. */
  sizes?: string;
  alt: string;
  /** Below the fold: let the browser defer it. */
  lazy?: boolean;
  /** Intrinsic size hint (the seeded photos are square); the box keeps a 1:1 ratio either way. */
  size?: number;
  priority?: boolean;
  className?: string;
}

/**
 * A product photo in a fixed square box, so cards never jump while images load. With its copies,
 * a `<picture>`: AVIF, else WebP, at the width the box needs, else the PNG.
 */
export function ProductPhoto({
  photo,
  sources,
  sizes = CARD_PHOTO_SIZES,
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
        <Picture
          src={src}
          sources={sources}
          sizes={sizes}
          alt={alt}
          width={size}
          height={size}
          lazy={lazy}
          priority={priority}
          imgClassName={styles.img}
          pictureClassName={styles.picture}
        />
      ) : (
        <span className={styles.placeholder} role="img" aria-label={`${alt} (no photo)`}>
          No photo
        </span>
      )}
    </div>
  );
}
