/**
 * Shop: photo uploads (POST /uploadimage and POST /upload): PNGs checked by their bytes, stored by
 * content hash, served at the returned URL, over real HTTP on PGlite and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { signedInUser } from './helpers/accounts';
import { makePng, upload, uniquePng } from './helpers/shop';
import { handPng } from './resilience/helpers/png';

type User = Awaited<ReturnType<typeof signedInUser>>;

describeEachDatabase('shop: photo uploads', (server) => {
  let seller: User;
  beforeAll(async () => {
    seller = await signedInUser(server());
  });

  describe('POST /uploadimage and POST /upload', () => {
    it('stores a PNG by content hash and serves it at the returned URL', async () => {
      const png = makePng(40, 30, 7);
      const r = await upload(server(), png, { token: seller.token });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        status: 200,
        msg: 'File Upload Successfully',
        data: expect.stringMatching(new RegExp(`^${server().url}/images/[0-9a-f]{64}\\.png$`)),
      });
      const img = await fetch(r.body.data);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);
      const row = await server()
        .app.ctx.db.selectFrom('images')
        .select(['width', 'height', 'uploaded_by'])
        .where('hash', '=', r.body.data.slice(-68, -4))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ width: 40, height: 30, uploaded_by: seller.userid });
      // The same bytes again (any name, the spec route /upload) → the same URL.
      const again = await upload(server(), png, {
        token: seller.token,
        route: '/upload',
        filename: 'other-name.PNG',
        field: 'image',
      });
      expect(again.status).toBe(200);
      expect(again.body.data).toBe(r.body.data);
    });

    it('accepts a PNG sent under another name and content type (the bytes decide, not the name)', async () => {
      const r = await upload(server(), makePng(9, 7, 3), {
        token: seller.token,
        filename: 'photo.bin',
        type: 'application/octet-stream',
      });
      expect(r.status).toBe(200);
    });

    it.each([
      ['a text file named .png', Buffer.from('this is not an image at all'), 'The file is not a PNG image'],
      [
        'a JPEG named .png',
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
        'The file is not a PNG image',
      ],
      ['an HTML page named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'The file is not a PNG image'],
      [
        'the PNG signature alone',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        'The PNG image is damaged',
      ],
      ['a truncated PNG', makePng(20, 20, 1).subarray(0, 60), 'The PNG image is damaged'],
      [
        'a PNG with a broken checksum',
        (() => {
          const b = Buffer.from(makePng(8, 8, 2));
          b[20] ^= 0xff;
          return b;
        })(),
        'The PNG image is damaged',
      ],
      ['a PNG whose data is shorter than its header says', handPng(50, 50, 10), 'The PNG image is damaged'],
      ['a PNG wider than 8000 pixels', handPng(9000, 1), 'The PNG image is too large: at most 8000 × 8000 pixels'],
      [
        'a PNG of 100000 × 100000 pixels (header only)',
        handPng(100000, 100000, 1),
        'The PNG image is too large: at most 8000 × 8000 pixels',
      ],
      [
        'a PNG of 8000 × 8000 pixels (64 megapixels, 243 KB as a file)',
        handPng(8000, 8000, 1),
        'The PNG image is too large: at most 40 megapixels (this one has 64.0)',
      ],
      [
        'a 16-bit PNG',
        handPng(4, 4, 4, 16),
        'The PNG image uses 16 bits per channel: please save it with 8 bits per channel',
      ],
    ])('refuses %s with 400, and stores nothing', async (_w, content, msg) => {
      const images = async () =>
        Number(
          (
            await server()
              .app.ctx.db.selectFrom('images')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
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
      const json = await server().post(
        '/uploadimage',
        { photo: 'data:image/png;base64,AAAA' },
        { authtoken: seller.token },
      );
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
});
