import sharp from 'sharp';
import type { VariantFormat, VariantWidths } from '../../db/schema';
import { UPLOAD_MAX_PIXELS } from './rules';

/** The widths a photo is kept at besides its PNG: each capped at the photo's own width (never enlarged). */
export const VARIANT_WIDTHS = [160, 320, 640, 1024] as const;

/** AVIF first: the smaller of the two where the browser takes it. */
export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp'];

/** A copy larger than this is not kept (a 1024-pixel-wide photo encodes to a tenth of it). */
export const VARIANT_MAX_BYTES = 256 * 1024;

/**
 * Encoder settings: quality for photos on a phone's screen; AVIF at a low effort (effort 4 takes
 * five times as long for a few per cent fewer bytes, and every upload waits for it).
 */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 78, effort: 4 },
} as const;

/** A conversion taking longer than this is given up (the photo stays PNG only). */
const TIMEOUT_SECONDS = 30;

export interface Variant {
  format: VariantFormat;
  width: number;
  content: Buffer;
}

export interface MadeVariants {
  /** The photo's own size, as decoded. */
  width: number;
  height: number;
  variants: Variant[];
}

/** The widths to make for a photo `width` pixels wide: each step, the photo's own width for the steps past it. */
export function variantWidths(width: number): number[] {
  return [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, width)))];
}

/** The widths kept per format, as images.variants records them. */
export function widthsOf(variants: Variant[]): VariantWidths {
  const widths: VariantWidths = {};
  for (const v of variants) (widths[v.format] ??= []).push(v.width);
  for (const list of Object.values(widths)) list.sort((a, b) => a - b);
  return widths;
}

// Each photo is converted once: libvips's cache of operations would only hold memory.
sharp.cache(false);

/**
 * Makes the WebP and AVIF copies of a PNG, at most VARIANT_WIDTHS.length widths × 2 formats,
 * keeping only the copies smaller than both the PNG and VARIANT_MAX_BYTES. Throws when the image
 * cannot be decoded (the caller keeps the PNG alone). `maxPixels` bounds what libvips decodes.
 */
export async function makeVariants(png: Buffer, maxPixels = UPLOAD_MAX_PIXELS): Promise<MadeVariants> {
  const decoded = sharp(png, { limitInputPixels: maxPixels, failOn: 'error' }).timeout({ seconds: TIMEOUT_SECONDS });
  const { width, height } = await decoded.metadata();
  if (!width || !height) throw new Error('The image has no size');
  const widths = variantWidths(width);
  // Decoded once, at the largest width kept; each copy is made from those pixels.
  const largest = await decoded
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { info } = largest;
  const variants: Variant[] = [];
  for (const format of VARIANT_FORMATS) {
    for (const w of widths) {
      const content = await sharp(largest.data, {
        raw: { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 },
      })
        .timeout({ seconds: TIMEOUT_SECONDS })
        .resize({ width: w, withoutEnlargement: true })
        .toFormat(format, ENCODERS[format])
        .toBuffer();
      if (content.length < png.length && content.length <= VARIANT_MAX_BYTES)
        variants.push({ format, width: w, content });
    }
  }
  return { width, height, variants };
}
