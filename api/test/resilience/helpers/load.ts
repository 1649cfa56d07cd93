import { send, type RawReply } from './http';
import type { Person } from './setup';

export interface Shopper extends Person {
  /** Products whose add-to-cart was acknowledged since the last acknowledged order. */
  acked: Set<number>;
  /** Products whose add-to-cart got no answer (the process died): in the cart or not. */
  unknown: Set<number>;
  /** An order placement that got no answer: its idempotency key and what the cart held. */
  inFlight?: { key: string; acked: number[]; unknown: number[] };
  seq: number;
}

export interface AckedOrder {
  userid: number;
  orderid: number;
  key: string;
  /** Every one of these must be a line of the order... */
  products: number[];
  /** ...and every line must be one of these. */
  allowed: number[];
}

/** An acknowledged bid: the bidder, and the newest history step its reply showed (it must survive). */
export interface AckedBid {
  auctionid: number;
  userid: number;
  nickname: string;
  bid: number;
}

export interface Ledger {
  orders: AckedOrder[];
  bids: AckedBid[];
  /** Requests that got no answer (cut by the kill). */
  unanswered: number;
}

export const newLedger = (): Ledger => ({ orders: [], bids: [], unanswered: 0 });

const jsonReq = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  return {
    method,
    path,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers },
    body: text,
  };
};

/** One request; undefined when the process did not answer (killed meanwhile). */
async function attempt(base: () => string, req: ReturnType<typeof jsonReq>): Promise<RawReply | undefined> {
  try {
    return await send(base(), req, 10_000);
  } catch {
    return undefined;
  }
}

export const CHECKOUT = {
  billname: 'Load Tester',
  billaddress: '1 Load Street, Pune, Maharastra, India, 411001',
  payinfo: 'cod',
};

/**
 * One shopper's loop: add two products, place the order with a new Idempotency-Key, again —
 * until `stopped()` or the process stops answering. Every acknowledged write goes to the ledger.
 */
export async function shopperLoop(
  base: () => string,
  u: Shopper,
  products: number[],
  ledger: Ledger,
  stopped: () => boolean,
  fail: (msg: string) => void,
) {
  while (!stopped()) {
    for (let i = 0; i < 2; i++) {
      const p = products[Math.floor(Math.random() * products.length)];
      const r = await attempt(base, jsonReq('POST', '/addtocartproduct', { productid: p, authtoken: u.token }));
      if (!r) {
        ledger.unanswered++;
        u.unknown.add(p);
        return;
      }
      if (r.status !== 200) return fail(`add to cart: ${r.status} ${r.text}`);
      u.acked.add(p);
    }
    const key = `load-${u.userid}-${++u.seq}`;
    const r = await attempt(
      base,
      jsonReq('POST', '/orderauth', CHECKOUT, { authtoken: u.token, 'idempotency-key': key }),
    );
    if (!r) {
      ledger.unanswered++;
      u.inFlight = { key, acked: [...u.acked], unknown: [...u.unknown] };
      return;
    }
    if (r.status !== 200) return fail(`order: ${r.status} ${r.text}`);
    ledger.orders.push({
      userid: u.userid,
      orderid: r.json.data.orderid,
      key,
      products: [...u.acked],
      allowed: [...u.acked, ...u.unknown],
    });
    u.acked.clear();
    u.unknown.clear();
  }
}

/**
 * One bidder's loop: bids a little above the current bid of a random item, until stopped or
 * unanswered. Every bid is a maximum, so what an acknowledgement promises is the history it
 * answered with: its newest step is recorded in the ledger.
 */
export async function bidderLoop(
  base: () => string,
  b: Person,
  auctions: number[],
  current: Map<number, number>,
  ledger: Ledger,
  stopped: () => boolean,
  fail: (msg: string) => void,
) {
  while (!stopped()) {
    const auctionid = auctions[Math.floor(Math.random() * auctions.length)];
    const amount = (current.get(auctionid) ?? 0) + 10 + Math.floor(Math.random() * 30);
    const r = await attempt(base, jsonReq('PUT', '/updatebiduser', { auctionid, bid: amount }, { authtoken: b.token }));
    if (!r) {
      ledger.unanswered++;
      return;
    }
    if (r.status === 200) {
      const newest = r.json.data.bids[0] as { bid: number; nickname: string };
      ledger.bids.push({ auctionid, userid: b.userid, nickname: newest.nickname, bid: newest.bid });
      current.set(auctionid, Math.max(current.get(auctionid) ?? 0, amount));
    } else if (r.status === 400 && /Rs\. [\d,]+/.test(r.json?.msg ?? '')) {
      // Not above the price, short of the next bid, or not above one's own maximum: bid higher next time.
      const named = Number(/Rs\. ([\d,]+)/.exec(r.json.msg)![1].replace(/,/g, ''));
      current.set(auctionid, Math.max(current.get(auctionid) ?? 0, named));
    } else return fail(`bid: ${r.status} ${r.text}`);
  }
}

/**
 * After a restart: every acknowledged order is there with exactly its lines; an order that was in
 * flight is retried with its key and must come back (replayed) or be placed now from the intact
 * cart — a 400 'cart is empty' means the cart was emptied without its order. Every acknowledged
 * bid is in its item's history and the current bid is the highest of the history.
 */
export async function verifyAfterRestart(
  url: string,
  shoppers: Shopper[],
  auctions: number[],
  ledger: Ledger,
): Promise<string[]> {
  const problems: string[] = [];
  const get = async (path: string, headers: Record<string, string> = {}) => send(url, { method: 'GET', path, headers });
  for (const u of shoppers) {
    if (!u.inFlight) continue;
    const { key, acked, unknown } = u.inFlight;
    const r = await send(url, jsonReq('POST', '/orderauth', CHECKOUT, { authtoken: u.token, 'idempotency-key': key }));
    if (r.status !== 200)
      problems.push(
        `user ${u.userid}: the order in flight (${key}) is lost and the cart is ${r.status === 400 ? 'empty' : r.status}: ${r.text}`,
      );
    else
      ledger.orders.push({
        userid: u.userid,
        orderid: r.json.data.orderid,
        key,
        products: acked,
        allowed: [...acked, ...unknown],
      });
    u.inFlight = undefined;
    u.acked.clear();
    u.unknown.clear();
  }
  for (const u of shoppers) {
    // Every order of the user, page by page.
    const orders: Array<{ orderid: number; orderdata: Array<{ productid: number }> }> = [];
    let failed: number | undefined;
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const r = await get(`/allorders?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { authtoken: u.token });
      if (r.status !== 200) {
        failed = r.status;
        break;
      }
      orders.push(...r.json.data);
      cursor = r.json.next;
    }
    if (failed !== undefined) {
      problems.push(`user ${u.userid}: GET /allorders ${failed}`);
      continue;
    }
    const byId = new Map(orders.map((o) => [o.orderid, o]));
    for (const o of orders) {
      if (!o.orderdata.length) problems.push(`order ${o.orderid} has no lines`);
    }
    for (const o of ledger.orders.filter((x) => x.userid === u.userid)) {
      const found = byId.get(o.orderid);
      if (!found) {
        problems.push(`acknowledged order ${o.orderid} of user ${u.userid} is missing`);
        continue;
      }
      const lines = new Set(found.orderdata.map((l) => l.productid));
      const missing = o.products.filter((p) => !lines.has(p));
      const extra = [...lines].filter((p) => !o.allowed.includes(p));
      if (missing.length || extra.length)
        problems.push(`order ${o.orderid}: lines ${[...lines]} but acknowledged ${o.products} (allowed ${o.allowed})`);
    }
  }
  for (const auctionid of auctions) {
    const r = await get(`/getparticularaucpro/${auctionid}`);
    const item = r.json.data as {
      bid: number;
      startbid: number;
      highbid: number;
      bids: Array<{ bid: number; nickname: string }>;
    };
    const history = new Set(item.bids.map((b) => `${b.bid}:${b.nickname}`));
    for (const b of ledger.bids.filter((x) => x.auctionid === auctionid)) {
      if (!history.has(`${b.bid}:${b.nickname}`))
        problems.push(`acknowledged bid ${b.bid} by ${b.nickname} on item ${auctionid} is missing`);
    }
    const max = item.bids.length ? Math.max(...item.bids.map((b) => b.bid)) : item.startbid;
    if (item.bid !== max)
      problems.push(`item ${auctionid}: current bid ${item.bid} but the history's highest is ${max}`);
    if (item.bids.length && item.highbid !== max)
      problems.push(`item ${auctionid}: highbid ${item.highbid} but the history's highest is ${max}`);
  }
  return problems;
}
