import {
  ApproveBidderBody,
  AuctionPageQuery,
  AuctionPageReply,
  AuctionReply,
  AuthHeaders,
  BidderPageQuery,
  BidderPageReply,
  BuyNowBody,
  CreateAuctionBody,
  IdParams,
  PAGE_SIZES,
  PlaceBidBody,
  type BidderRow,
} from '@marketplace/contract';
import { publicBase, type App } from '../../context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { eventStreamReplies, replies } from '../../lib/replies';
import { openAuctionEvents } from './events';
import { approveBidder, buyItNow, insertAuction, placeBid, storedPhotoHashes } from './bidding';
import { closedEvent } from './close';
import { biddersPage, loadAuctionItem, loadAuctionPage, toItem } from './repository';
import { photoSourcesOf } from '../uploads/sources';
import { AUCTION_TEXTS, bidMaximum, bidderStatus, checkedAuctionTerms } from './rules';

export function auctionRoutes(app: App) {
  const { db, config } = app.ctx;
  const events = app.ctx.auctionEvents;

  app.get(
    '/getauction',
    { schema: { querystring: AuctionPageQuery, response: replies(AuctionPageReply) } },
    async (req) => {
      const limit = pageLimit(req.query, PAGE_SIZES.auctions);
      const after = decodeCursor(req.query.cursor, ['int', 'int']);
      if (after && after[0] > 1) throw badRequest('cursor must be the next value of an earlier page');
      const { items, next } = await loadAuctionPage(db, publicBase(config, req), limit, after);
      return { status: 200, msg: items.length || after ? 'Auction items' : 'No auction items yet', data: items, next };
    },
  );

  app.get(
    '/getparticularaucpro/:id',
    { schema: { params: IdParams, response: replies(AuctionReply) } },
    async (req) => {
      const item = await loadAuctionItem(db, req.params.id, publicBase(config, req));
      if (!item) throw notFound(AUCTION_TEXTS.notFound);
      return { status: 200, msg: 'Auction item', data: item };
    },
  );

  /** Puts an item up for auction; the owner is the caller. */
  app.post(
    '/addauction',
    {
      schema: { headers: AuthHeaders, body: CreateAuctionBody, response: replies(AuctionReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const b = req.body;
      const { bid, low, high, end, reserve, buynow } = checkedAuctionTerms(b);
      const photoHashes = await storedPhotoHashes(db, b.photos ?? (b.photo ? [b.photo] : []));
      const auctionid = await insertAuction(db, {
        userid: req.user.userid,
        nickname: b.username.trim(),
        productname: b.productname.trim(),
        category: b.category,
        description: b.description.trim(),
        ageproduct: b.ageproduct.trim(),
        bid,
        low,
        high,
        end,
        photoHashes,
        reserve,
        buynow,
      });
      const item = await loadAuctionItem(db, auctionid, publicBase(config, req));
      return { status: 200, msg: 'Auction Product Added Successfully', data: item! };
    },
  );

  /**
   * A bid (a maximum: see PlaceBidBody), its history steps announced to live pages once
   * committed. A client-sent `biduser` list is dropped by the schema; only the caller's bid counts.
   */
  app.put(
    '/updatebiduser',
    {
      schema: { headers: AuthHeaders, body: PlaceBidBody, response: replies(AuctionReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const { user } = req;
      const { auctionid } = req.body;
      const max = bidMaximum(req.body);
      const { item, steps, recent, yourMax, notice } = await placeBid(
        db,
        auctionid,
        user.userid,
        max,
        { extendMinutes: config.auctions.softCloseMinutes, capMinutes: config.auctions.softCloseCapMinutes },
        config.notices.outbidMailWindowSeconds,
      );
      // An outbid notice may have committed with the bid: told live now, mailed when due.
      if (notice) {
        const { held, ...event } = notice;
        app.ctx.noticeMail.tellLive(event);
        if (!held) app.ctx.noticeMail.wake();
      }
      const endsat = new Date(item.ends_at ?? item.end_time).toISOString();
      for (const step of steps)
        events.publish({
          type: 'bid',
          auctionid,
          bid: step.bid,
          highbid: step.bid,
          nickname: step.nickname,
          at: new Date(step.created_at).toISOString(),
          auto: step.auto,
          endsat,
        });
      const base = publicBase(config, req);
      const sources = await photoSourcesOf(db, base, item.photo_hashes.slice(0, 1));
      const data = { ...toItem(item, recent, base, sources), ...(yourMax ? { yourmax: yourMax } : {}) };
      return { status: 200, msg: 'Your BID has been placed', data };
    },
  );

  /** The bidders on the caller's items: one row per (item, bidder) with the bidder's highest bid. */
  app.get(
    '/getUserAuction/:id',
    {
      schema: {
        headers: AuthHeaders,
        params: IdParams,
        querystring: BidderPageQuery,
        response: replies(BidderPageReply),
      },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      if (req.params.id !== req.user.userid) throw forbidden(AUCTION_TEXTS.othersBidders);
      const limit = pageLimit(req.query, PAGE_SIZES.bidders);
      const after = decodeCursor(req.query.cursor, ['int', 'int', 'int']);
      const page = await biddersPage(db, config.orders, req.user.userid, limit, after);
      const now = Date.now();
      const data = page.rows.map((r): BidderRow => ({
        firstname: r.firstname,
        lastname: r.lastname,
        email: r.email,
        userid: r.userid,
        auctionid: r.auctionid,
        productname: r.productname,
        cartdata: Number(r.cartdata),
        status: bidderStatus(r, config.auctions, now),
      }));
      return {
        status: 200,
        msg: data.length || after ? 'Bidders on your items' : 'Nobody has bid on your items yet',
        data,
        next: page.next,
      };
    },
  );

  /**
   * The owner's Approve: accepts the leading bid now, closing the item early exactly like the
   * automatic close (the winner's order, the notices); only for the leading bidder.
   */
  app.put(
    '/setHighBid',
    {
      schema: { headers: AuthHeaders, body: ApproveBidderBody, response: replies(AuctionReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const auctionid = req.body.productid ?? req.body.auctionid;
      if (auctionid === undefined) throw badRequest(AUCTION_TEXTS.missingId);
      const closed = await approveBidder(db, config.shipping, auctionid, req.user.userid, req.body.userid);
      events.publish(closedEvent(closed));
      app.ctx.noticeMail.wake();
      const item = await loadAuctionItem(db, auctionid, publicBase(config, req));
      return { status: 200, msg: 'Bidder approved: the auction is closed', data: item! };
    },
  );

  /** Buy It Now: the caller buys the item at once at its price; the item closes with their order. */
  app.post(
    '/auctionbuynow',
    {
      schema: { headers: AuthHeaders, body: BuyNowBody, response: replies(AuctionReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const { auctionid } = req.body;
      const closed = await buyItNow(db, config.shipping, auctionid, req.user.userid);
      events.publish(closedEvent(closed));
      app.ctx.noticeMail.wake();
      const item = await loadAuctionItem(db, auctionid, publicBase(config, req));
      return { status: 200, msg: AUCTION_TEXTS.bought, data: item! };
    },
  );

  /** Live events of one item (see events.ts); public like the item page. */
  app.get(
    '/auctionevents/:id',
    {
      schema: {
        params: IdParams,
        response: eventStreamReplies("The item's live events: `bid`, `closed` (and `reconnect` on shutdown)"),
      },
      exposeHeadRoute: false,
    },
    (req, reply) => openAuctionEvents(app.ctx, req, reply, req.params.id),
  );
}
