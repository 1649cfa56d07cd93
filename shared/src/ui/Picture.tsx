import type { ReactElement } from 'react';
import type { PhotoSources } from '@marketplace/contract';

export type { PhotoSources };

interface Props {
  /** The stored photo (the PNG): the fallback, and the `<img>` that sizes the box. */
  src: string;
  /** Its smaller AVIF and WebP copies (the API's `photoSources`): the browser takes the one its screen needs. */
  sources?: PhotoSources;
  /** How wide the photo shows on the page (the `sizes` of its copies). */
  sizes: string;
  alt: string;
  /** Intrinsic size attributes: the box is laid out before the photo arrives (no layout shift). */
  width: number;
  height: number;
  /** Below the fold: let the browser defer it. */
  lazy?: boolean;
  /** The page's most prominent photo (its largest paint): fetched before the others. */
  priority?: boolean;
  imgClassName?: string;
  pictureClassName?: string;
}

/**
 * A stored photo as a phone can afford it: with its copies, a `<picture>` offering AVIF, else WebP,
 * at the width the box needs; without them, the PNG alone.
 */
export function Picture({
  src,
  sources,
  sizes,
  alt,
  width,
  height,
  lazy = true,
  priority = false,
  imgClassName,
  pictureClassName,
}: Props): ReactElement {
  const img = (
    <img
      className={imgClassName}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : 'eager'}
      // The main photo is painted in the same frame as the page around it (an async decode paints
      // it frames later, and the largest paint with it); the others decode off the way.
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      // The browser reports when it is on screen (Element Timing): the shell's code waits for it.
      {...(priority ? { elementtiming: 'main-photo' } : {})}
    />
  );
  if (!sources) return img;
  return (
    <picture className={pictureClassName}>
      {sources.avif && <source type="image/avif" srcSet={sources.avif} sizes={sizes} />}
      {sources.webp && <source type="image/webp" srcSet={sources.webp} sizes={sizes} />}
      {img}
    </picture>
  );
}
