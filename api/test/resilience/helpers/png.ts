import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk with a correct CRC. */
export function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG whose header claims width × height (8-bit RGBA) with correct CRCs, followed by a small
 * image data chunk: a file that is tiny on the wire but "absurd" once decoded.
 */
export function pngWithIhdr(width: number, height: number, idat: Buffer = zlib.deflateSync(Buffer.alloc(64))): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width >>> 0, 0);
  ihdr.writeUInt32BE(height >>> 0, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

export const absurdPng = (width: number, height: number) => pngWithIhdr(width, height);

/**
 * A decompression bomb: a valid header of width × height RGBA whose zlib data is all zero rows,
 * i.e. a small file that inflates to width × height × 4 bytes.
 */
export function bombPng(width: number, height: number): Buffer {
  const rows = Buffer.alloc(height * (1 + width * 4));
  return pngWithIhdr(width, height, zlib.deflateSync(rows, { level: 9 }));
}

/** A hand-made greyscale PNG whose header claims width × height; `rows` of real data (default: all). */
export function handPng(width: number, height: number, rows = height, depth = 8): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(rows * (width * (depth / 8) + 1));
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
