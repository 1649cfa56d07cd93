import { sql } from 'kysely';
import type { TestServer } from '../../helpers/server';
import { login, signedInUser } from '../../helpers/accounts';
import { createAuction, uploadedPhoto } from '../../helpers/auctions';
import { CHECKOUT, listProduct, makePng } from '../../helpers/shop';
import { send } from './http';
import { multipartFile } from './multipart';
import { tokenHash } from '../../../src/lib/crypto';

export interface Person {
  userid: number;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  phonenum: string;
  token: string;
}

/** True while a login token is accepted (not expired, not revoked). */
export async function tokenAlive(s: TestServer, token: string): Promise<boolean> {
  const row = await s.app.ctx.db
    .selectFrom('login_tokens')
    .select('token_hash')
    .where('token_hash', '=', tokenHash(token))
    .where('revoked_at', 'is', null)
    .where(sql<boolean>`expires_at > now()`)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Signs the person in again. An accepted fuzzed request may have changed their password (a reset
 * with the valid reset token, say) to one of `passwords`, which also ends their sessions: then
 * that one is their password from now on.
 */
export async function relogin(s: TestServer, p: Person, passwords: readonly string[] = []): Promise<string> {
  let last: Awaited<ReturnType<typeof login>> | undefined;
  for (const password of new Set([p.password, ...passwords])) {
    last = await login(s, p.email, password);
    if (last.status === 200) {
      p.password = password;
      p.token = last.body.data.authtoken;
      return p.token;
    }
  }
  throw new Error(`re-login failed: ${last?.status} ${JSON.stringify(last?.body)}`);
}

/**
 * A small world the fuzzer and the matrix act on: a shopper with a cart line and an order,
 * a seller with a product and an auction item the shopper has bid on.
 */
export async function buildWorld(s: TestServer) {
  const seller = (await signedInUser(s, { firstname: 'Sela', lastname: 'Seller' })) as Person;
  const shopper = (await signedInUser(s, { firstname: 'Shiv', lastname: 'Shopper' })) as Person;
  const product = await listProduct(s, seller.token, 120, 'Fuzz target lamp');
  const photo = await uploadedPhoto(s, seller.token);
  const auction = await createAuction(s, seller.token, { bid: 100, rangelowbid: 50, rangehighbid: 1_000_000 });
  const add = await s.post('/addtocartproduct', { productid: product.productid, authtoken: shopper.token });
  if (add.status !== 200) throw new Error(`add to cart: ${add.status}`);
  const order = await s.post(
    '/orderauth',
    { ...CHECKOUT },
    { authtoken: shopper.token, 'idempotency-key': 'world-order-1' },
  );
  if (order.status !== 200) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
  await s.post('/addtocartproduct', { productid: product.productid, authtoken: shopper.token });
  const bid = await s.put('/updatebiduser', { auctionid: auction.auctionid, bid: 150 }, { authtoken: shopper.token });
  if (bid.status !== 200) throw new Error(`bid: ${bid.status}`);
  // The shopper's own item, with a bid of the seller (so that the shopper may approve a bidder).
  const ownAuction = await createAuction(s, shopper.token, { bid: 100, rangelowbid: 50, rangehighbid: 1_000_000 });
  const sellerBid = await s.put(
    '/updatebiduser',
    { auctionid: ownAuction.auctionid, bid: 200 },
    { authtoken: seller.token },
  );
  if (sellerBid.status !== 200) throw new Error(`bid: ${sellerBid.status}`);
  return { seller, shopper, product, photo, auction, ownAuction, orderid: order.body.data.orderid as number };
}

let remoteCounter = 0;

/** Signs up and logs in a new user on an API given by its URL (a child process). */
export async function remoteUser(url: string, firstname: string): Promise<Person> {
  const post = async (path: string, body: unknown) => {
    const text = JSON.stringify(body);
    return send(url, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
      body: text,
    });
  };
  const email = `${firstname.toLowerCase()}.${Date.now().toString(36)}${++remoteCounter}@example.com`;
  const user = {
    firstname,
    lastname: 'Load',
    createdate: '1990-01-01',
    gender: 'male',
    email,
    password: 'Secret@123',
    phonenum: '9876543210',
  };
  const signup = await post('/signupcus', user);
  if (signup.status !== 200) throw new Error(`signup: ${signup.status} ${signup.text}`);
  const anon = (await send(url, { method: 'GET', path: '/getanytoken', headers: {} })).json.data;
  const r = await post('/logincus', { email, password: user.password, authtoken: anon });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  return {
    userid: signup.json.data.userid,
    email,
    password: user.password,
    firstname,
    lastname: 'Load',
    phonenum: user.phonenum,
    token: r.json.data.authtoken,
  };
}

/** Uploads a fresh PNG to an API given by its URL; returns its URL. */
async function remotePhoto(url: string, person: Person): Promise<string> {
  const { body, contentType } = multipartFile(makePng(3, 3, Math.floor(Math.random() * 1e9)));
  const up = await send(url, {
    method: 'POST',
    path: '/uploadimage',
    headers: { authtoken: person.token, 'content-type': contentType, 'content-length': String(body.length) },
    body,
  });
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${up.text}`);
  return up.json.data;
}

/** Uploads a photo and lists a product with `stock` units on an API given by its URL; returns its id. */
export async function remoteProduct(url: string, seller: Person, productname: string, stock: number): Promise<number> {
  const photo = await remotePhoto(url, seller);
  const product = JSON.stringify({
    productname,
    title: 'Accessories',
    description: 'A product to race for',
    price: 999,
    rating: 4,
    photos: [photo],
    stock,
  });
  const r = await send(url, {
    method: 'POST',
    path: '/product',
    headers: {
      authtoken: seller.token,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(product)),
    },
    body: product,
  });
  if (r.status !== 200) throw new Error(`product: ${r.status} ${r.text}`);
  return r.json.data.productid;
}

/** Uploads a photo and puts an item up for auction on an API given by its URL; returns its id. */
export async function remoteAuction(url: string, owner: Person, startBid = 100): Promise<number> {
  const photo = await remotePhoto(url, owner);
  const item = JSON.stringify({
    username: owner.firstname,
    bid: startBid,
    rangelowbid: 1,
    rangehighbid: 100_000_000,
    productname: 'Load test item',
    category: 'Painting',
    description: 'An item to bid on',
    ageproduct: '1 year',
    time: new Date(Date.now() + 86_400_000).toISOString(),
    photos: [photo],
  });
  const r = await send(url, {
    method: 'POST',
    path: '/addauction',
    headers: {
      authtoken: owner.token,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(item)),
    },
    body: item,
  });
  if (r.status !== 200) throw new Error(`addauction: ${r.status} ${r.text}`);
  return r.json.data.auctionid;
}
