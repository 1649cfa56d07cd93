/**
 * Shop: photo uploads, listing a product for sale, reviews and the search filters, over real
 * HTTP on PGlite and PostgreSQL.
 */
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/server';
import { walkPages } from './helpers/paging';
import { signedInUser } from './helpers/accounts';
import { makePng, upload, uniquePng } from './helpers/shop';

type User = Awaited<ReturnType<typeof signedInUser>>;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const c = Buffer.alloc(4);
  c.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, c]);
}
/** A hand-made greyscale PNG whose header claims width × height; `rows` of real data (default: all). */
function handPng(width: number, height: number, rows = height, depth = 8) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(rows * (width * (depth / 8) + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEachDatabase('shop: uploads, listing products, reviews, search', (server) => {
  let seller: User;
  beforeAll(async () => {
    seller = await signedInUser(server());
  });

  describe('POST /uploadimage and POST /upload', () => {
    it('stores a PNG by content hash and serves it at the returned URL', async () => {
      const png = makePng(40, 30, 7);
      const r = await upload(server(), png, { token: seller.token });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 200, msg: 'File Upload Successfully', data: expect.stringMatching(new RegExp(`^${server().url}/images/[0-9a-f]{64}\\.png$`)) });
      const img = await fetch(r.body.data);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);
      const row = await server().app.ctx.db.selectFrom('images').select(['width', 'height', 'uploaded_by']).where('hash', '=', r.body.data.slice(-68, -4)).executeTakeFirstOrThrow();
      expect(row).toEqual({ width: 40, height: 30, uploaded_by: seller.userid });
      // The same bytes again (any name, the spec route /upload) → the same URL.
      const again = await upload(server(), png, { token: seller.token, route: '/upload', filename: 'other-name.PNG', field: 'image' });
      expect(again.status).toBe(200);
      expect(again.body.data).toBe(r.body.data);
    });

    it('accepts a PNG sent under another name and content type (the bytes decide, not the name)', async () => {
      const r = await upload(server(), makePng(9, 7, 3), { token: seller.token, filename: 'photo.bin', type: 'application/octet-stream' });
      expect(r.status).toBe(200);
    });

    it.each([
      ['a text file named .png', Buffer.from('this is not an image at all'), 'The file is not a PNG image'],
      ['a JPEG named .png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), 'The file is not a PNG image'],
      ['an HTML page named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'The file is not a PNG image'],
      ['the PNG signature alone', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'The PNG image is damaged'],
      ['a truncated PNG', makePng(20, 20, 1).subarray(0, 60), 'The PNG image is damaged'],
      ['a PNG with a broken checksum', (() => { const b = Buffer.from(makePng(8, 8, 2)); b[20] ^= 0xff; return b; })(), 'The PNG image is damaged'],
      ['a PNG whose data is shorter than its header says', handPng(50, 50, 10), 'The PNG image is damaged'],
      ['a PNG wider than 8000 pixels', handPng(9000, 1), 'The PNG image is too large: at most 8000 × 8000 pixels'],
      ['a PNG of 100000 × 100000 pixels (header only)', handPng(100000, 100000, 1), 'The PNG image is too large: at most 8000 × 8000 pixels'],
      ['a PNG of 8000 × 8000 pixels (64 megapixels, 243 KB as a file)', handPng(8000, 8000, 1), 'The PNG image is too large: at most 40 megapixels (this one has 64.0)'],
      ['a 16-bit PNG', handPng(4, 4, 4, 16), 'The PNG image uses 16 bits per channel: please save it with 8 bits per channel'],
    ])('refuses %s with 400, and stores nothing', async (_w, content, msg) => {
      const images = async () => Number((await server().app.ctx.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await images();
      const r = await upload(server(), content, { token: seller.token });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 400, msg, data: null });
      expect(await images()).toBe(before);
    });

    it('accepts a PNG of exactly 8000 pixels wide', async () => {
      const r = await upload(server(), handPng(8000, 2), { token: seller.token });
      expect(r.status).toBe(200);
    });

    it('refuses a file above 5 MB with 413, also when the size is not announced up front', async () => {
      const big = Buffer.concat([makePng(4, 4, 9), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
      const r = await upload(server(), big, { token: seller.token });
      expect(r.body).toEqual({ status: 413, msg: 'The photo is too large: at most 5 MB', data: null });
      expect(r.status).toBe(413);
      // Chunked (no Content-Length): the multipart limit stops it.
      const form = new FormData();
      form.append('file', new Blob([big]), 'big.png');
      const encoded = new Response(form);
      const stream = encoded.body!;
      const res = await fetch(`${server().url}/uploadimage`, {
        method: 'POST',
        body: stream,
        headers: { authtoken: seller.token, 'content-type': encoded.headers.get('content-type')! },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
    });

    it('needs a login token, a multipart body and a file', async () => {
      expect((await upload(server(), uniquePng())).status).toBe(401);
      const forged = await upload(server(), uniquePng(), { token: 'lt_forged' });
      expect(forged.status).toBe(401);
      const json = await server().post('/uploadimage', { photo: 'data:image/png;base64,AAAA' }, { authtoken: seller.token });
      expect(json.status).toBe(415);
      expect(json.body.msg).toBe('Send the photo as multipart/form-data with one file field');
      const noFile = await upload(server(), null, { token: seller.token });
      expect(noFile.status).toBe(400);
      expect(noFile.body.msg).toBe('No file in the upload: send one PNG file field');
      const empty = await upload(server(), Buffer.alloc(0), { token: seller.token });
      expect(empty.status).toBe(400);
    });

    it('limits uploads per user per hour', async () => {
      const saved = server().config.uploadsPerHour;
      server().config.uploadsPerHour = 2;
      try {
        const u = await signedInUser(server());
        expect((await upload(server(), uniquePng(), { token: u.token })).status).toBe(200);
        expect((await upload(server(), uniquePng(), { token: u.token })).status).toBe(200);
        const third = await upload(server(), uniquePng(), { token: u.token });
        expect(third.status).toBe(429);
        expect(third.body.msg).toMatch(/^Too many photo uploads\. Please try again in \d+ minutes?\.$/);
      } finally {
        server().config.uploadsPerHour = saved;
      }
    });
  });

  describe('POST /product', () => {
    let photos: string[];
    const valid = () => ({ productname: 'Handmade Lamp', title: 'Accessories', description: 'A brass lamp, hand made in Moradabad.', price: 1499, rating: 4.5, location: 'Moradabad', photos });
    const create = (body: unknown, token = seller.token) => server().post('/product', body, { authtoken: token });

    beforeAll(async () => {
      photos = [];
      for (let i = 0; i < 2; i++) photos.push((await upload(server(), uniquePng(), { token: seller.token })).body.data);
    });

    it('lists a product for the caller (a userid in the body is ignored); it shows in the catalogue and in search', async () => {
      const other = await signedInUser(server());
      const r = await create({ ...valid(), userid: other.userid, photo: 'https://evil.example/x.png' });
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Product Added Successfully');
      const p = r.body.data;
      expect(p).toEqual({
        productid: expect.any(Number),
        productname: 'Handmade Lamp',
        title: 'Accessories',
        description: 'A brass lamp, hand made in Moradabad.',
        price: 1499,
        rating: 4.5,
        photo: photos[0],
        photos,
        location: 'Moradabad',
        userid: seller.userid,
      });
      expect((await server().get(`/product/${p.productid}`)).body.data).toEqual(p);
      expect((await walkPages(server(), '/products')).rows).toContainEqual(p);
      const found = await server().post('/products', { productname: 'handmade lamp' });
      expect(found.body.data).toEqual([p]);
      const filtered = await server().post('/products', { productname: 'lamp', category: 'accessories', minPrice: 1000, maxPrice: 1500 });
      expect(filtered.body.data).toEqual([p]);
      expect((await server().post('/products', { productname: 'lamp', maxPrice: 1000 })).body.data).toEqual([]);
      expect((await server().post('/products', { productname: 'lamp', category: 'Clothing' })).body.data).toEqual([]);
    });

    it('keeps the spec’s single `photo` field working', async () => {
      const { photos: _omit, ...rest } = valid();
      const r = await create({ ...rest, photo: photos[1] });
      expect(r.status).toBe(200);
      expect(r.body.data.photos).toEqual([photos[1]]);
    });

    it('rounds the price to paise and the rating to one decimal; location is optional', async () => {
      const { location: _omit, ...rest } = valid();
      const r = await create({ ...rest, price: 10.005, rating: 3.25 });
      expect(r.status).toBe(200);
      expect([r.body.data.price, r.body.data.rating, r.body.data.location]).toEqual([10.01, 3.3, '']);
    });

    it.each([
      ['no productname', { productname: undefined }, 'Please Enter Product Name'],
      ['blank productname', { productname: '   ' }, 'Please Enter Product Name'],
      ['no title', { title: '' }, 'Please Enter Title'],
      ['no description', { description: undefined }, 'Please Enter Description'],
      ['no price', { price: undefined }, 'Please Enter Price'],
      ['a text price', { price: 'abc' }, 'Please Enter Price'],
      ['a price of 0', { price: 0 }, 'Please Enter Price'],
      ['a negative price', { price: -5 }, 'Please Enter Price'],
      ['a price below one paisa', { price: 0.001 }, 'Please Enter Price'],
      ['an absurd price', { price: 1e15 }, 'Please Enter Price'],
      ['no rating', { rating: undefined }, 'Please Enter Rating'],
      ['a rating of 0', { rating: 0 }, 'Please Enter Rating'],
      ['a rating above 5', { rating: 5.5 }, 'Please Enter Rating'],
      ['a text rating', { rating: 'great' }, 'Please Enter Rating'],
      ['a rating rounding to 0', { rating: 0.01 }, 'Please Enter Rating'],
      ['no photo', { photos: [] }, 'Please upload at least one PNG photo'],
      ['no photos field', { photos: undefined }, 'Please upload at least one PNG photo'],
      ['an outside photo URL', { photos: ['https://evil.example/cat.png'] }, 'Photos must be images uploaded to this shop (POST /uploadimage)'],
      ['a data: URL', { photos: ['data:image/png;base64,iVBORw0KGgo='] }, 'Photos must be images uploaded to this shop (POST /uploadimage)'],
      ['our path on another host', { photos: ['HOST'] }, 'Photos must be images uploaded to this shop (POST /uploadimage)'],
      ['a hash never uploaded', { photos: ['/images/' + 'ab'.repeat(32) + '.png'] }, 'Photos must be images uploaded to this shop (POST /uploadimage)'],
      ['a path traversal', { photos: ['/images/../../etc/passwd'] }, 'Photos must be images uploaded to this shop (POST /uploadimage)'],
      ['eleven photos', { photos: 'ELEVEN' }, 'photos must be a list of at most 10 photo URLs returned by /uploadimage'],
    ])('refuses %s (400)', async (_w, change, msg) => {
      const body: Record<string, unknown> = { ...valid(), ...change };
      if (body.photos === 'ELEVEN') body.photos = Array(11).fill(photos[0]);
      if (Array.isArray(body.photos) && body.photos[0] === 'HOST') body.photos = [photos[0].replace(server().url, 'https://evil.example')];
      const r = await create(JSON.parse(JSON.stringify(body)));
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 400, msg, data: null });
    });

    it('accepts our own photo by its path, and markup in texts is stored verbatim', async () => {
      const path = new URL(photos[0]).pathname;
      const r = await create({ ...valid(), productname: '<b>Bold</b> lamp', photos: [path, photos[0], photos[1]] });
      expect(r.status).toBe(200);
      expect(r.body.data.productname).toBe('<b>Bold</b> lamp');
      expect(r.body.data.photos).toEqual(photos); // duplicates dropped, absolute URLs
    });

    it('needs a login token', async () => {
      expect((await server().post('/product', valid())).status).toBe(401);
      expect((await create(valid(), 'lt_forged')).status).toBe(401);
      const raw = await server().request('POST', '/product', { raw: '{bad', headers: { authtoken: seller.token, 'content-type': 'application/json' } });
      expect(raw.status).toBe(400);
    });
  });

  describe('reviews', () => {
    const review = { name: 'Anil', title: 'Great shop', description: 'Fast delivery and good packing.', keywords: 'fast friendly', date: '2024-05-01' };

    it('adds reviews (newest first), stores markup verbatim', async () => {
      const u = await signedInUser(server());
      const first = await server().post('/addreview', { ...review, authtoken: u.token });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ status: 200, msg: 'Review Added Successfully', data: { reviewid: expect.any(Number), ...review } });
      const hostile = { ...review, title: '<img src=x onerror=alert(1)>', description: '<script>alert("x")</script> & <b>bold</b>' };
      const second = await server().post('/addreview', { ...hostile, authtoken: u.token });
      expect(second.status).toBe(200);
      const list = await server().get('/getreviews');
      expect(list.status).toBe(200);
      expect(list.headers.get('content-type')).toMatch(/^application\/json/);
      expect(list.body.data[0]).toEqual({ reviewid: second.body.data.reviewid, ...hostile });
      expect(list.body.data[1]).toEqual({ reviewid: first.body.data.reviewid, ...review });
    });

    it.each([
      ['name', 'Please Enter Name '],
      ['title', 'Please Enter Title '],
      ['description', 'Please Enter Description '],
      ['keywords', 'Please Enter Keywords '],
      ['date', 'Please Select  Date '],
    ])('refuses a missing or blank %s with the spec message', async (field, msg) => {
      const u = await signedInUser(server());
      for (const value of [undefined, '', '   ']) {
        const r = await server().post('/addreview', JSON.parse(JSON.stringify({ ...review, [field]: value, authtoken: u.token })));
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ status: 400, msg, data: null });
      }
    });

    it.each(['2024-02-30', '01-05-2024', '2024-13-01', 'yesterday', '2024-05-01T00:00'])('refuses the date %s', async (date) => {
      const u = await signedInUser(server());
      const r = await server().post('/addreview', { ...review, date, authtoken: u.token });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Please Select  Date ');
    });

    it('refuses oversized texts, objects and a missing or forged token', async () => {
      const u = await signedInUser(server());
      expect((await server().post('/addreview', { ...review, description: 'x'.repeat(5001), authtoken: u.token })).body.msg).toBe('Please Enter Description ');
      expect((await server().post('/addreview', { ...review, name: { first: 'A' }, authtoken: u.token })).body.msg).toBe('Please Enter Name ');
      expect((await server().post('/addreview', review)).status).toBe(401);
      expect((await server().post('/addreview', { ...review, authtoken: 'lt_forged' })).status).toBe(401);
    });
  });

  describe('search stays indexed', () => {
    it('has the trigram search index and a price index', async () => {
      const { rows } = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = 'products'`.execute(server().app.ctx.db);
      const names = rows.map((r) => r.indexname);
      expect(names).toEqual(expect.arrayContaining(['products_search_trgm_idx', 'products_price_idx', 'products_title_lower_idx']));
    });

    it('uses the trigram index for a word search on a large catalogue', async () => {
      const db = server().app.ctx.db;
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT productid FROM products
          WHERE lower(productname || ' ' || title || ' ' || description) LIKE '%drone%'`.execute(trx);
        expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/products_search_trgm_idx/);
      });
    });
  });
});
