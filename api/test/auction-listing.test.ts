/**
 * Auctions: the seeded demo items in the listing, and one item with its bid history (GET
 * /getparticularaucpro/:id), over real HTTP on PGlite and PostgreSQL.
 */
import { PNG } from 'pngjs';
import { describeEachDatabase } from './helpers/server';
import { ITEM_KEYS } from './helpers/auctions';

describeEachDatabase('auctions: listing', (server) => {
  describe('seeded demo auctions', () => {
    it('lists at least 8 demo items in the three categories with the banner starting prices, photos and bids', async () => {
      const r = await server().get('/getauction');
      expect(r.status).toBe(200);
      const items = r.body.data as any[];
      const seeded = items.filter((i) => ['ashaart', 'rohan_m', 'priyacollects'].includes(i.username));
      expect(seeded.length).toBeGreaterThanOrEqual(8);
      const byCategory = (c: string) => seeded.filter((i) => i.category === c);
      expect(Math.min(...byCategory('Painting').map((i) => i.startbid))).toBe(499);
      expect(Math.min(...byCategory('Currancy').map((i) => i.startbid))).toBe(999);
      expect(Math.min(...byCategory('Sports Items').map((i) => i.startbid))).toBe(9999);
      expect(seeded.filter((i) => i.bidcount > 0).length).toBeGreaterThanOrEqual(3);
      for (const item of seeded) {
        expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
        expect(item.status).toBe('open');
        expect(new Date(item.time).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
        expect(item.photo).toMatch(new RegExp(`^${server().url}/images/[0-9a-f]{64}\\.png$`));
        expect(item.rangelowbid).toBeLessThan(item.startbid);
        expect(item.rangehighbid).toBeGreaterThan(item.startbid);
        if (item.bidcount) {
          expect(item.bid).toBe(item.bids[0].bid);
          expect(item.highbid).toBe(item.bid);
          // Never a bid by the owner.
          expect(item.bids.every((b: any) => typeof b.nickname === 'string' && b.nickname.length > 0)).toBe(true);
        } else {
          expect(item.bid).toBe(item.startbid);
          expect(item.highbid).toBe(0);
        }
      }
      expect(new Set(seeded.map((i) => i.photo)).size).toBe(seeded.length);
      // No emails anywhere in the public listing.
      expect(JSON.stringify(r.body)).not.toMatch(/@/);

      const png = PNG.sync.read(Buffer.from(await (await fetch(seeded[0].photo)).arrayBuffer()));
      expect([png.width, png.height]).toEqual([400, 400]);
    });
  });

  describe('GET /getparticularaucpro/:id', () => {
    it('answers 404 for an unknown id and 400 for a bad id', async () => {
      const r = await server().get('/getparticularaucpro/987654');
      expect(r.body).toEqual({ status: 404, msg: 'Auction item not found', data: null });
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const b = await server().get(`/getparticularaucpro/${id}`);
        expect([id, b.status]).toEqual([id, 400]);
        expect(b.body.msg).toMatch(/id/);
      }
    });
  });
});
