import zlib from 'node:zlib';
import { badRequest } from '../../lib/errors';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const PNG_MESSAGES = {
  notPng: 'The file is not a PNG image',
  damaged: 'The PNG image is damaged',
} as const;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Samples per pixel by colour type (PNG spec, table 11.1), with the bit depths each allows. */
const COLOR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Bytes of the filtered image data: one filter byte per row, for each Adam7 pass when interlaced. */
function rawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rowBytes = (w: number) => (w === 0 ? 0 : 1 + Math.ceil((w * bitsPerPixel) / 8));
  if (!interlaced) return height * rowBytes(width);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * rowBytes(w);
  }
  return total;
}

/** Inflates without keeping the output, stopping as soon as it exceeds `limit` bytes. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflate();
    let total = 0;
    let done = false;
    const finish = (err: Error | null, n = total) => {
      if (done) return;
      done = true;
      if (err) reject(err);
      else resolve(n);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        finish(null, total);
      }
    });
    inflate.on('end', () => finish(null));
    inflate.on('error', (e) => finish(e));
    inflate.end(data);
  });
}

export interface PngInfo {
  width: number;
  height: number;
}

/**
 * Checks that `buf` really is a PNG: the signature, an IHDR first with sane values, every chunk
 * complete with a correct CRC, image data, an IEND, and image data that inflates to exactly the
 * size the header announces (streamed, never held in memory). Throws 400 with a clear message.
 */
/**
 * What a browser must be able to decode: a side of at most `maxDimension` pixels, at most
 * `maxPixels` in all, at most 8 bits per channel. Checked from the header, before any inflating:
 * a small file can announce an image that takes hundreds of megabytes to decode.
 */
export interface PngLimits {
  maxDimension: number;
  maxPixels: number;
}

export async function inspectPng(buf: Buffer, limits: PngLimits): Promise<PngInfo> {
  const { maxDimension, maxPixels } = limits;
  if (buf.length < PNG_SIGNATURE.length || !buf.subarray(0, 8).equals(PNG_SIGNATURE))
    throw badRequest(PNG_MESSAGES.notPng);
  let offset = 8;
  let info: (PngInfo & { bitsPerPixel: number; interlaced: boolean }) | undefined;
  const idat: Buffer[] = [];
  let ended = false;
  while (offset < buf.length) {
    if (offset + 12 > buf.length) throw badRequest(PNG_MESSAGES.damaged);
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const dataStart = offset + 8;
    const dataEnd = dataStart + length;
    if (length > 0x7fffffff || dataEnd + 4 > buf.length || !/^[A-Za-z]{4}$/.test(type))
      throw badRequest(PNG_MESSAGES.damaged);
    if (crc32(buf, offset + 4, dataEnd) !== buf.readUInt32BE(dataEnd)) throw badRequest(PNG_MESSAGES.damaged);

    if (!info) {
      if (type !== 'IHDR' || length !== 13) throw badRequest(PNG_MESSAGES.damaged);
      const width = buf.readUInt32BE(dataStart);
      const height = buf.readUInt32BE(dataStart + 4);
      const depth = buf[dataStart + 8];
      const colorType = COLOR_TYPES[buf[dataStart + 9]];
      const [compression, filter, interlace] = [buf[dataStart + 10], buf[dataStart + 11], buf[dataStart + 12]];
      if (
        width === 0 ||
        height === 0 ||
        !colorType ||
        !colorType.depths.includes(depth) ||
        compression !== 0 ||
        filter !== 0 ||
        interlace > 1
      ) {
        throw badRequest(PNG_MESSAGES.damaged);
      }
      if (width > maxDimension || height > maxDimension) {
        throw badRequest(`The PNG image is too large: at most ${maxDimension} × ${maxDimension} pixels`);
      }
      if (width * height > maxPixels) {
        throw badRequest(
          `The PNG image is too large: at most ${maxPixels / 1_000_000} megapixels (this one has ${((width * height) / 1_000_000).toFixed(1)})`,
        );
      }
      if (depth > 8) throw badRequest('The PNG image uses 16 bits per channel: please save it with 8 bits per channel');
      info = { width, height, bitsPerPixel: depth * colorType.channels, interlaced: interlace === 1 };
    } else if (type === 'IDAT') {
      idat.push(buf.subarray(dataStart, dataEnd));
    } else if (type === 'IEND') {
      // Nothing may follow the end: bytes after IEND would be stored and served as part of the photo (a polyglot).
      if (dataEnd + 4 !== buf.length) throw badRequest(PNG_MESSAGES.damaged);
      ended = true;
      break;
    }
    offset = dataEnd + 4;
  }
  if (!info || !ended || idat.length === 0) throw badRequest(PNG_MESSAGES.damaged);

  const expected = rawSize(info.width, info.height, info.bitsPerPixel, info.interlaced);
  let size: number;
  try {
    size = await inflatedSize(Buffer.concat(idat), expected);
  } catch {
    throw badRequest(PNG_MESSAGES.damaged);
  }
  if (size !== expected) throw badRequest(PNG_MESSAGES.damaged);
  return { width: info.width, height: info.height };
}
