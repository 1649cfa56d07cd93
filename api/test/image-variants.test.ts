/**
 * Photos a phone can afford (issue 28): every stored photo is also kept as WebP and AVIF at a few
 * widths, made once when it is stored (an upload, the seed) or by the start's backfill for photos
 * stored before, served immutable beside the PNG and offered in replies as `photoSources`; over
 * real HTTP on PGlite and PostgreSQL.
 */
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { describeEachDatabase, type TestServer } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { makePng, upload } from './helpers/shop';
import { handPng } from './resilience/helpers/png';
import { sha256Hex } from '../src/lib/crypto';
import { VariantMaker } from '../src/domains/uploads/variant-maker';

let photoSeed = 0;
/** A photo-like PNG: smooth shading with a little grain (which PNG keeps losslessly, at a cost). */
function photoPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  const seed = ++photoSeed * 7919 + Date.now();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const grain = ((x * 73856093) ^ (y * 19349663) ^ seed) & 15;
      png.data[i] = (x * 200) / width + grain;
      png.data[i + 1] = (y * 200) / height + grain;
      png.data[i + 2] = 120 + grain;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const hashOf = (url: string) => /\/images\/([0-9a-f]{64})\.png$/.exec(url)![1];

/** The srcset candidates of a list: [url, width]. */
const candidates = (srcset: string) =>
  srcset.split(', ').map((c) => {
    const [url, w] = c.split(' ');
    return [url, Number(w.slice(0, -1))] as const;
  });

async function storedVariants(s: TestServer, hash: string) {
  return s.app.ctx.db
    .selectFrom('image_variants')
    .select(['format', 'width', 'bytes'])
    .where('hash', '=', hash)
    .orderBy('format')
    .orderBy('width')
    .execute();
}

describeEachDatabase('photo copies in WebP and AVIF', (server) => {
  let seller: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    seller = await signedInUser(server());
  });

  async function listWith(photo: string) {
    const r = await server().post(
      '/product',
      {
        productname: 'Brass desk lamp',
        title: 'Accessories',
        description: 'A lamp with a photo',
        price: 1200,
        rating: 4,
        location: 'Pune',
        photos: [photo],
        stock: 5,
      },
      { authtoken: seller.token },
    );
    expect(r.status).toBe(200);
    return r.body.data.productid as number;
  }

  it('keeps an uploaded photo as WebP and AVIF at 160, 320, 640 and 1024 pixels, each smaller than the PNG', async () => {
    const png = photoPng(1200, 900);
    const up = await upload(server(), png, { token: seller.token });
    expect(up.status).toBe(200);
    const hash = hashOf(up.body.data);
    const stored = await storedVariants(server(), hash);
    expect(stored.map((v) => `${v.format} ${v.width}`)).toEqual([
      'avif 160',
      'avif 320',
      'avif 640',
      'avif 1024',
      'webp 160',
      'webp 320',
      'webp 640',
      'webp 1024',
    ]);
    for (const v of stored) expect(v.bytes).toBeLessThan(png.length);

    // Each copy is served at its own URL, immutable, in its format and at its width.
    for (const { format, width } of stored) {
      const res = await fetch(`${server().url}/images/${hash}-${width}.${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toBe(`"${hash}-${width}.${format}"`);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 900) / 1200));
    }
    // The PNG stays the original.
    const original = await fetch(up.body.data);
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
  });

  it('offers the copies with the photo in product replies: srcset lists and the size', async () => {
    const up = await upload(server(), photoPng(1200, 900), { token: seller.token });
    const productid = await listWith(up.body.data);
    const product = (await server().get(`/product/${productid}`)).body.data;
    expect(product.photo).toBe(up.body.data);
    expect(product.photoSources).toEqual({
      width: 1200,
      height: 900,
      avif: expect.any(String),
      webp: expect.any(String),
    });
    const base = up.body.data.replace(/\.png$/, '');
    for (const format of ['avif', 'webp'] as const) {
      expect(candidates(product.photoSources[format])).toEqual(
        [160, 320, 640, 1024].map((w) => [`${base}-${w}.${format}`, w]),
      );
    }
    // The catalogue's lists and the search say the same.
    const search = await server().post('/products', { productname: 'Brass desk lamp', limit: 50 });
    expect(search.body.data.find((p: { productid: number }) => p.productid === productid).photoSources).toEqual(
      product.photoSources,
    );
  });

  it('never makes a copy wider than the photo', async () => {
    const up = await upload(server(), photoPng(300, 200), { token: seller.token });
    const stored = await storedVariants(server(), hashOf(up.body.data));
    expect([...new Set(stored.map((v) => v.width))]).toEqual([160, 300]);
  });

  it('gives the seeded catalogue and auction photos their copies when seeding', async () => {
    const product = (await server().get('/product/1')).body.data;
    expect(product.photoSources).toEqual({
      width: 400,
      height: 400,
      avif: expect.stringContaining('-400.avif 400w'),
      webp: expect.stringContaining('-160.webp 160w'),
    });
    const auctions = (await server().get('/getauction')).body.data;
    expect(auctions.length).toBeGreaterThan(0);
    for (const item of auctions) expect(item.photoSources).toMatchObject({ width: 400, height: 400 });
  });

  it.each([
    ['a damaged PNG', makePng(50, 50, 3).subarray(0, 80), 'The PNG image is damaged'],
    ['an oversized PNG', handPng(9000, 1), 'The PNG image is too large: at most 8000 × 8000 pixels'],
  ])('still refuses %s, and makes no copies', async (_what, content, msg) => {
    const copies = async () =>
      Number(
        (
          await server()
            .app.ctx.db.selectFrom('image_variants')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await copies();
    const r = await upload(server(), content, { token: seller.token });
    expect(r.body).toEqual({ status: 400, msg, data: null });
    expect(await copies()).toBe(before);
  });

  it('answers 404 for a copy that is not stored, 400 for a name that is no copy', async () => {
    const up = await upload(server(), photoPng(300, 200), { token: seller.token });
    const base = up.body.data.replace(/\.png$/, '');
    expect((await fetch(`${base}-640.webp`)).status).toBe(404);
    expect((await fetch(`${base}-0.webp`)).status).toBe(400);
    expect((await fetch(`${base}-160.gif`)).status).toBe(400);
  });

  describe('photos stored before the copies existed', () => {
    /** Stores photos the way a database from before migration 0016 holds them: no copies yet. */
    async function storeWithoutCopies(contents: Buffer[]) {
      const rows = contents.map((content) => ({
        hash: sha256Hex(content),
        content,
        mime: 'image/png',
        bytes: content.length,
        width: null,
        height: null,
      }));
      await server().app.ctx.db.insertInto('images').values(rows).execute();
      return rows.map((r) => r.hash);
    }

    it('are converted by the backfill, once each across processes, and their replies then offer them', async () => {
      const hashes = await storeWithoutCopies([photoPng(500, 500), photoPng(640, 480), photoPng(200, 300)]);
      const productid = await listWith(`${server().url}/images/${hashes[0]}.png`);
      expect((await server().get(`/product/${productid}`)).body.data.photoSources).toBeUndefined();

      // Two processes' makers backfilling at once: each photo converted by one of them.
      const other = new VariantMaker(server().app.ctx.db, server().app.log, async () => undefined);
      const [mine, theirs] = await Promise.all([server().app.ctx.imageVariants.backfill(), other.backfill()]);
      expect([...mine, ...theirs].sort()).toEqual([...hashes].sort());
      expect(await server().app.ctx.imageVariants.backfill()).toEqual([]);

      // The sizes are read from the photos; the cached reply was dropped.
      const product = (await server().get(`/product/${productid}`)).body.data;
      expect(product.photoSources).toMatchObject({ width: 500, height: 500 });
      expect(candidates(product.photoSources.webp).map(([, w]) => w)).toEqual([160, 320, 500]);
    });

    it('keep working as PNG when they cannot be converted', async () => {
      // A PNG whose image data is not what its header says (stored before uploads were checked).
      const broken = Buffer.concat([makePng(64, 64, 11).subarray(0, 60), Buffer.alloc(64, 7)]);
      const [hash] = await storeWithoutCopies([broken]);
      const productid = await listWith(`${server().url}/images/${hash}.png`);
      expect(await server().app.ctx.imageVariants.backfill()).toEqual([hash]);
      const row = await server()
        .app.ctx.db.selectFrom('images')
        .select('variants')
        .where('hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(row.variants).toEqual({});
      expect(await storedVariants(server(), hash)).toEqual([]);
      const product = (await server().get(`/product/${productid}`)).body.data;
      expect(product.photoSources).toBeUndefined();
      const png = await fetch(product.photo);
      expect(png.status).toBe(200);
      expect(Buffer.from(await png.arrayBuffer()).equals(broken)).toBe(true);
    });
  });
});
