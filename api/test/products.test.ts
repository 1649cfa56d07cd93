/**
 * Shop: listing a product for sale (POST /product): the spec's messages, prices, ratings and photos
 * of this shop, over real HTTP on PGlite and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { walkPages } from './helpers/paging';
import { signedInUser } from './helpers/accounts';
import { upload, uniquePng } from './helpers/shop';

type User = Awaited<ReturnType<typeof signedInUser>>;

describeEachDatabase('shop: listing products', (server) => {
  let seller: User;
  beforeAll(async () => {
    seller = await signedInUser(server());
  });

  describe('POST /product', () => {
    let photos: string[];
    const valid = () => ({
      productname: 'Handmade Lamp',
      title: 'Accessories',
      description: 'A brass lamp, hand made in Moradabad.',
      price: 1499,
      rating: 4.5,
      location: 'Moradabad',
      photos,
      stock: 7,
    });
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
        photoSources: expect.objectContaining({ width: 3, height: 3 }),
        photos,
        location: 'Moradabad',
        userid: seller.userid,
        stock: 7,
      });
      // Shoppers see no exact stock (7 is more than "Only N left" shows): the seller's reply alone has it.
      const { stock: _stock, ...shown } = p;
      expect((await server().get(`/product/${p.productid}`)).body.data).toEqual(shown);
      expect((await walkPages(server(), '/products')).rows).toContainEqual(shown);
      const found = await server().post('/products', { productname: 'handmade lamp' });
      expect(found.body.data).toEqual([shown]);
      const filtered = await server().post('/products', {
        productname: 'lamp',
        category: 'accessories',
        minPrice: 1000,
        maxPrice: 1500,
      });
      expect(filtered.body.data).toEqual([shown]);
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
      [
        'an outside photo URL',
        { photos: ['https://evil.example/cat.png'] },
        'Photos must be images uploaded to this shop (POST /uploadimage)',
      ],
      [
        'a data: URL',
        { photos: ['data:image/png;base64,iVBORw0KGgo='] },
        'Photos must be images uploaded to this shop (POST /uploadimage)',
      ],
      [
        'our path on another host',
        { photos: ['HOST'] },
        'Photos must be images uploaded to this shop (POST /uploadimage)',
      ],
      [
        'a hash never uploaded',
        { photos: ['/images/' + 'ab'.repeat(32) + '.png'] },
        'Photos must be images uploaded to this shop (POST /uploadimage)',
      ],
      [
        'a path traversal',
        { photos: ['/images/../../etc/passwd'] },
        'Photos must be images uploaded to this shop (POST /uploadimage)',
      ],
      [
        'eleven photos',
        { photos: 'ELEVEN' },
        'photos must be a list of at most 10 photo URLs returned by /uploadimage',
      ],
    ])('refuses %s (400)', async (_w, change, msg) => {
      const body: Record<string, unknown> = { ...valid(), ...change };
      if (body.photos === 'ELEVEN') body.photos = Array(11).fill(photos[0]);
      if (Array.isArray(body.photos) && body.photos[0] === 'HOST')
        body.photos = [photos[0].replace(server().url, 'https://evil.example')];
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
      const raw = await server().request('POST', '/product', {
        raw: '{bad',
        headers: { authtoken: seller.token, 'content-type': 'application/json' },
      });
      expect(raw.status).toBe(400);
    });
  });

  it("limits a seller's listings, changes and removals together per hour; nothing changes past it, other sellers go on", async () => {
    const saved = server().config.productWritesPerHour;
    server().config.productWritesPerHour = 3;
    try {
      const busy = await signedInUser(server());
      const photo = (await upload(server(), uniquePng(), { token: busy.token })).body.data;
      const body = {
        productname: 'Socks',
        title: 'Clothing',
        description: 'Wool socks.',
        price: 199,
        rating: 4,
        location: 'Pune',
        photos: [photo],
        stock: 20,
      };
      const listed = await server().post('/product', body, { authtoken: busy.token });
      expect(listed.status).toBe(200);
      const id = listed.body.data.productid;
      expect((await server().put(`/product/${id}`, { ...body, price: 189 }, { authtoken: busy.token })).status).toBe(
        200,
      );
      expect((await server().put(`/product/${id}`, { ...body, price: 179 }, { authtoken: busy.token })).status).toBe(
        200,
      );
      const refused = await server().put(`/product/${id}`, { ...body, price: 99 }, { authtoken: busy.token });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body.msg).toMatch(
        /^You have changed your products too often\. Please try again in \d+ minutes?\.$/,
      );
      expect((await server().get(`/product/${id}`)).body.data.price).toBe(179);
      expect((await server().request('DELETE', `/product/${id}`, { headers: { authtoken: busy.token } })).status).toBe(
        429,
      );
      expect((await server().get(`/product/${id}`)).status).toBe(200);
      const other = await signedInUser(server());
      const otherPhoto = (await upload(server(), uniquePng(), { token: other.token })).body.data;
      expect(
        (await server().post('/product', { ...body, photos: [otherPhoto] }, { authtoken: other.token })).status,
      ).toBe(200);
    } finally {
      server().config.productWritesPerHour = saved;
    }
  });
});
