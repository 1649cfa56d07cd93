import {
  AuthHeaders,
  IdParams,
  MAX_ID,
  MY_BIDS_PAGE,
  MyBidsPageQuery,
  MyBidsPageReply,
  SELLING_PAGE,
  SellingPageQuery,
  SellingPageReply,
  WATCH_MAX,
  WATCH_MESSAGES,
  WATCH_PAGE,
  WatchedIdsReply,
  WatchingPageQuery,
  WatchingPageReply,
  WatchQuery,
  WatchReply,
  type MyBidRow,
  type PhotoSources,
  type SellingRow,
  type WatchedItem,
} from '@marketplace/contract';
import { imageUrl, publicBase, type App } from '../../context';
import { badRequest } from '../../lib/errors';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { replies } from '../../lib/replies';
import { photoSourcesOf } from '../uploads/sources';
import { myBidsPage, sellingPage, unwatchItem, watchedAmong, watchingPage, watchItem } from './repository';
import { myBidFigures, reserveMet, sellingState } from './rules';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
/** The first photo's URL and its copies, when it has some. */
const firstPhoto = (base: string, hashes: string[], sources: ReadonlyMap<string, PhotoSources>) => {
  const photoSources = hashes[0] ? sources.get(hashes[0]) : undefined;
  return { photo: hashes[0] ? imageUrl(base, hashes[0]) : '', ...(photoSources && { photoSources }) };
};

/** A page's reply: `some` on a page with rows or after the first, `none` when the list is empty. */
function pageReply<T>(data: T[], next: string | null, continued: boolean, some: string, none: string) {
  return { status: 200, msg: data.length || continued ? some : none, data, next };
}

/**
 * The caller's own auction lists: watching an item (the hearts), the watch list, My bids and
 * Selling. Every route is signed in and reads the caller's rows only (the user comes from the
 * token, never from the request), so another shopper's lists cannot be asked for.
 */
export function auctionListRoutes(app: App) {
  const { db, config } = app.ctx;
  const auth = { auth: { token: 'header' as const } };

  app.put(
    '/auctionwatch/:id',
    { schema: { headers: AuthHeaders, params: IdParams, response: replies(WatchReply) }, config: auth },
    async (req) => {
      const auctionid = req.params.id;
      const { count } = await watchItem(db, req.user.userid, auctionid, WATCH_MAX);
      return { status: 200, msg: WATCH_MESSAGES.watching, data: { auctionid, watching: true, count } };
    },
  );

  app.delete(
    '/auctionwatch/:id',
    { schema: { headers: AuthHeaders, params: IdParams, response: replies(WatchReply) }, config: auth },
    async (req) => {
      const auctionid = req.params.id;
      const count = await unwatchItem(db, req.user.userid, auctionid);
      return { status: 200, msg: WATCH_MESSAGES.stopped, data: { auctionid, watching: false, count } };
    },
  );

  app.get(
    '/auctionwatch',
    { schema: { headers: AuthHeaders, querystring: WatchQuery, response: replies(WatchedIdsReply) }, config: auth },
    async (req) => {
      const ids = [...new Set(req.query.ids.split(',').map(Number))];
      if (ids.some((id) => id > MAX_ID)) throw badRequest(WATCH_MESSAGES.badIds);
      const watching = await watchedAmong(db, req.user.userid, ids);
      return { status: 200, msg: 'The items you watch among these', data: { watching } };
    },
  );

  app.get(
    '/auctionwatching',
    {
      schema: { headers: AuthHeaders, querystring: WatchingPageQuery, response: replies(WatchingPageReply) },
      config: auth,
    },
    async (req) => {
      const limit = pageLimit(req.query, WATCH_PAGE);
      const after = decodeCursor(req.query.cursor, ['text', 'int']);
      if (after && !/^\d{1,17}$/.test(after[0])) throw badRequest('cursor must be the next value of an earlier page');
      const page = await watchingPage(db, req.user.userid, limit, after);
      const base = publicBase(config, req);
      const sources = await photoSourcesOf(
        db,
        base,
        page.rows.map((r) => r.photo_hashes[0]),
      );
      const data = page.rows.map((r): WatchedItem => ({
        auctionid: r.auctionid,
        productname: r.productname,
        category: r.category,
        ...firstPhoto(base, r.photo_hashes, sources),
        bid: r.bid,
        rangelowbid: r.rangelowbid,
        rangehighbid: r.rangehighbid,
        status: r.live ? 'open' : 'closed',
        endsat: iso(r.endsat),
        bidcount: r.bidcount,
        watchedat: iso(r.watchedat),
      }));
      return pageReply(data, page.next, Boolean(after), 'The items you watch', 'You are not watching any items yet');
    },
  );

  app.get(
    '/mybids',
    {
      schema: { headers: AuthHeaders, querystring: MyBidsPageQuery, response: replies(MyBidsPageReply) },
      config: auth,
    },
    async (req) => {
      const { userid } = req.user;
      const limit = pageLimit(req.query, MY_BIDS_PAGE);
      const before = decodeCursor(req.query.cursor, ['int'])?.[0];
      const page = await myBidsPage(db, userid, limit, before);
      const base = publicBase(config, req);
      const sources = await photoSourcesOf(
        db,
        base,
        page.rows.map((r) => r.photo_hashes[0]),
      );
      const data = page.rows.map((r): MyBidRow => ({
        auctionid: r.auctionid,
        productname: r.productname,
        ...firstPhoto(base, r.photo_hashes, sources),
        ...myBidFigures(r, userid),
        price: r.bid,
        yourbid: Number(r.yourbid),
        reservemet: reserveMet(r),
        endsat: iso(r.endsat),
        closedat: isoOrNull(r.closedat),
      }));
      return pageReply(data, page.next, before !== undefined, 'Your bids', 'You have not bid on any items yet');
    },
  );

  app.get(
    '/myselling',
    {
      schema: { headers: AuthHeaders, querystring: SellingPageQuery, response: replies(SellingPageReply) },
      config: auth,
    },
    async (req) => {
      const limit = pageLimit(req.query, SELLING_PAGE);
      const before = decodeCursor(req.query.cursor, ['int'])?.[0];
      const page = await sellingPage(db, req.user.userid, limit, before);
      const base = publicBase(config, req);
      const sources = await photoSourcesOf(
        db,
        base,
        page.rows.map((r) => r.photo_hashes[0]),
      );
      const data = page.rows.map((r): SellingRow => ({
        auctionid: r.auctionid,
        productname: r.productname,
        ...firstPhoto(base, r.photo_hashes, sources),
        state: sellingState(r),
        bidcount: r.bidcount,
        price: r.bid,
        leader: r.leadername ?? null,
        reservemet: reserveMet(r),
        endsat: iso(r.endsat),
        closedat: isoOrNull(r.closedat),
      }));
      return pageReply(
        data,
        page.next,
        before !== undefined,
        'Your auction items',
        'You have not put any items up for auction yet',
      );
    },
  );
}
