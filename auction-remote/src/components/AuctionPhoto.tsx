import { type ReactElement } from 'react';
import { Picture, type PhotoSources } from '@marketplace/shared';
import styles from './AuctionPhoto.module.css';

/** How wide a card's photo shows (CardRail.module.css: 4, 3 or 1.3 cards across a page at most 1200 px wide). */
export const CARD_PHOTO_SIZES = '(max-width: 640px) 78vw, (max-width: 900px) 33vw, 290px';

interface Props {
  photo: string | null | undefined;
  /** The photo's smaller WebP and AVIF copies (the API's `photoSources`): the browser takes the one its screen needs. */
  sources?: PhotoSources;
  /** How wide the photo shows (the `sizes` of its copies); a card's by default. */
  sizes?: string;
  alt: string;
  /** Intrinsic size attributes; the frame keeps its aspect ratio either way (no layout shift). */
  width?: number;
  height?: number;
  lazy?: boolean;
  /** The page's most prominent photo (its largest paint): fetched before the others. */
  priority?: boolean;
  className?: string;
}

/**
 * An auction photo (an image URL or a data: URL) in a fixed-ratio frame; a placeholder without one.
 * With its copies, a `<picture>`: AVIF, else WebP, at the width the frame needs, else the PNG.
 */
export function AuctionPhoto({
  photo,
  sources,
  sizes = CARD_PHOTO_SIZES,
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
        <Picture
          src={src}
          sources={sources}
          sizes={sizes}
          alt={alt}
          width={width}
          height={height}
          lazy={lazy}
          priority={priority}
          imgClassName={styles.img}
          pictureClassName={styles.picture}
        />
      ) : (
        <span className={styles.none} role="img" aria-label={`${alt} (no photo)`}>
          No photo
        </span>
      )}
    </div>
  );
}
