/**
 * Authorization matrix: every route that needs a login token (found in the app's route table:
 * an `authtoken` in its header or body schema) × {no token, malformed token, expired token,
 * revoked token (after logout), a reset token (verified), an anonymous token, another user's
 * valid token}. Bad tokens: 401 and nothing in the database changes. Another user's token on
 * the victim's records: 403/404 and nothing changes; on routes that act on the caller's own
 * records: whatever the caller may do, and the victim's records stay as they were. No response
 * ever holds the victim's private data, a password hash, a token hash, a token or an OTP.
 */
import { sql } from 'kysely';
import { describeEachDatabase } from '../helpers/server';
import { anonToken, login, signedInUser } from '../helpers/accounts';
import { createAuction, uploadedPhoto } from '../helpers/auctions';
import { CHECKOUT, listProduct, makePng } from '../helpers/shop';
import { tokenHash } from '../../src/lib/crypto';
import { send, type RawReply, type RawRequest } from './helpers/http';
import { routesOf } from './helpers/fuzz';
import { multipartFile } from './helpers/multipart';
import { diffSnapshots, snapshotQuery, takeSnapshot } from './helpers/snapshot';
import type { Person } from './helpers/setup';

const KINDS = [
  'no token',
  'malformed token',
  'expired token',
  'revoked token',
  'reset token',
  'anonymous token',
  "another user's token",
] as const;
type Kind = (typeof KINDS)[number];

/** Routes whose authtoken is not a login token (they are the way to get one). */
const PUBLIC_TOKEN_ROUTES: Record<string, string> = {
  'POST /logincus': 'takes the anonymous token of GET /getanytoken',
  'POST /otpemail': 'takes the anonymous token of GET /getanytoken',
  'POST /otpemailcheck': 'takes the reset token of POST /otpemail',
};

interface Row {
  /** The route of the table ('METHOD url'); `variant` tells two rows of one route apart. */
  route: string;
  variant?: string;
  /** With another user's valid token: 'forbidden' = the victim's record is named → 403/404; 'own' = acts on the caller's own records. */
  other: 'forbidden' | 'own';
  /** Kinds that do not apply, and why. */
  skip?: Partial<Record<Kind, string>>;
  /** A kind of notice the caller's own request rightly queues for the victim (not counted as a change of theirs). */
  tells?: string;
  build(token: string | undefined): RawRequest;
  /** Extra check of the reply with another user's token. */
  check?(reply: RawReply): string | undefined;
}

const json = (
  method: string,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): RawRequest => {
  const text = JSON.stringify(body);
  return {
    method,
    path,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers },
    body: text,
  };
};
const withToken = (body: Record<string, unknown>, token: string | undefined) =>
  token === undefined ? body : { ...body, authtoken: token };
const tokenHeader = (token: string | undefined, extra: Record<string, string> = {}): Record<string, string> =>
  token === undefined ? extra : { authtoken: token, ...extra };

describeEachDatabase('authorization matrix', (server) => {
  it('every protected route × every kind of bad or foreign token: 401/403/404, nothing leaks, nothing changes', async () => {
    const s = server();
    const db0 = s.app.ctx.db;
    // The victim: a cart line, an order, an address, an auction item, a bid on someone else's item.
    const victim = (await signedInUser(s, {
      firstname: 'Vera',
      lastname: 'Victimova',
      phonenum: '9000011111',
      password: 'Victim#Pass42',
    })) as Person;
    const attacker = (await signedInUser(s, { firstname: 'Atul', lastname: 'Attacker' })) as Person;
    const third = (await signedInUser(s, { firstname: 'Tara' })) as Person;
    const product = await listProduct(s, third.token, 300, 'Matrix lamp');
    const photo = await uploadedPhoto(s, third.token);
    expect((await s.post('/addtocartproduct', { productid: product.productid, authtoken: victim.token })).status).toBe(
      200,
    );
    const order = await s.post(
      '/orderauth',
      { ...CHECKOUT, billaddress: '7 Secret Lane, Victimville' },
      { authtoken: victim.token, 'idempotency-key': 'victim-key-1' },
    );
    expect(order.status).toBe(200);
    const victimOrder = order.body.data.orderid as number;
    expect((await s.post('/addtocartproduct', { productid: product.productid, authtoken: victim.token })).status).toBe(
      200,
    );
    const address = {
      streetadd: '42 Hidden Street',
      landmark: 'Behind the mill',
      country: 'India',
      state: 'Karnataka',
      city: 'Mysuru',
      postal: '570001',
    };
    expect((await s.put('/updatecus', { address: [address], authtoken: victim.token })).status).toBe(200);
    const victimAuction = await createAuction(s, victim.token, { bid: 100, rangelowbid: 50, rangehighbid: 1_000_000 });
    const thirdAuction = await createAuction(s, third.token, { bid: 100, rangelowbid: 50, rangehighbid: 10_000_000 });
    expect(
      (await s.put('/updatebiduser', { auctionid: thirdAuction.auctionid, bid: 120 }, { authtoken: victim.token }))
        .status,
    ).toBe(200);
    // The victim's auction win (Buy It Now on the third user's item): an order awaiting payment.
    const binAuction = await createAuction(s, third.token, {
      bid: 100,
      rangelowbid: 50,
      rangehighbid: 1000,
      buynow: 500,
    });
    expect(
      (await s.post('/auctionbuynow', { auctionid: binAuction.auctionid }, { authtoken: victim.token })).status,
    ).toBe(200);
    const victimWin = (
      await db0
        .selectFrom('orders')
        .select('orderid')
        .where('auctionid', '=', binAuction.auctionid)
        .executeTakeFirstOrThrow()
    ).orderid;
    const proof = (await s.post('/checkuserdata', { password: victim.password, authtoken: victim.token })).body.data
      .proof as string;
    // The victim's listing, wishlist item and price alert.
    const victimProduct = await listProduct(s, victim.token, 450, 'Victim vase');
    // The victim's shipment to make: the third user ordered their vase (issue 26).
    expect(
      (await s.post('/addtocartproduct', { productid: victimProduct.productid, authtoken: third.token })).status,
    ).toBe(200);
    const sold = await s.post('/orderauth', CHECKOUT, { authtoken: third.token });
    expect(sold.status).toBe(200);
    const victimShipment = (
      await db0
        .selectFrom('shipments')
        .select('shipmentid')
        .where('orderid', '=', sold.body.data.orderid)
        .where('sellerid', '=', victim.userid)
        .executeTakeFirstOrThrow()
    ).shipmentid;
    expect((await s.post('/wishlist', { productid: product.productid }, { authtoken: victim.token })).status).toBe(200);
    expect((await s.post('/pricealerts', { productid: product.productid }, { authtoken: victim.token })).status).toBe(
      200,
    );
    // The victim waits for a product out of stock (issue 26).
    const gone = await listProduct(s, third.token, 200, 'Matrix gone lamp', 0);
    expect((await s.post('/stockalerts', { productid: gone.productid }, { authtoken: victim.token })).status).toBe(200);

    // The victim's notice (already mailed, so the dispatcher leaves it be) and a kind turned off.
    await s.app.ctx.db
      .insertInto('notices')
      .values({
        userid: victim.userid,
        kind: 'lost',
        auctionid: thirdAuction.auctionid,
        dedupe_key: `authz-lost:${victim.userid}`,
        data: JSON.stringify({ productname: 'Victim lot' }),
        mail_state: 'sent',
      })
      .execute();
    expect((await s.put('/noticeprefs', { won: false }, { authtoken: victim.token })).status).toBe(200);

    // The victim's dead tokens: one expired (its expiry moved into the past), one revoked by logout.
    const expired = (await login(s, victim.email, victim.password)).body.data.authtoken as string;
    await s.app.ctx.db
      .updateTable('login_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', tokenHash(expired))
      .execute();
    const revoked = (await login(s, victim.email, victim.password)).body.data.authtoken as string;
    expect((await s.post('/logoutcus', { authtoken: revoked })).status).toBe(200);
    // A verified reset token of the victim (the code read from the log, as a local user would).
    const reset = (await s.post('/otpemail', { email: victim.email, authtoken: await anonToken(s) })).body.data
      .resetToken as string;
    let otp = '';
    for (let i = 0; i < 100 && !otp; i++) {
      otp =
        new RegExp(`reset code for ${victim.email.replace(/[.+]/g, '\\$&')} is (\\d{6})`).exec(s.logs.join(''))?.[1] ??
        '';
      if (!otp) await new Promise((r) => setTimeout(r, 20));
    }
    expect((await s.post('/otpemailcheck', { otp: `${otp},${victim.email}`, authtoken: reset })).body.data).toBe(true);
    const anon = await anonToken(s);

    const tokens: Record<Kind, string | undefined> = {
      'no token': undefined,
      'malformed token': 'lt_%%%not-a-token%%%',
      'expired token': expired,
      'revoked token': revoked,
      'reset token': reset,
      'anonymous token': anon,
      "another user's token": attacker.token,
    };

    let bid = 1000;
    const rows: Row[] = [
      {
        route: 'GET /productviewcart',
        other: 'forbidden',
        build: (t) => ({
          method: 'GET',
          path: '/productviewcart',
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'POST /addtocartproduct',
        other: 'own',
        build: (t) =>
          json('POST', '/addtocartproduct', withToken({ productid: product.productid, userid: victim.userid }, t)),
      },
      {
        route: 'DELETE /deleteproduct',
        other: 'forbidden',
        build: (t) =>
          json('DELETE', '/deleteproduct', withToken({ productid: product.productid, userid: victim.userid }, t)),
      },
      {
        route: 'DELETE /deleteAllProducts',
        other: 'own',
        build: (t) => json('DELETE', '/deleteAllProducts', withToken({ userid: victim.userid }, t)),
      },
      {
        route: 'POST /checkcoupen',
        other: 'own',
        build: (t) => json('POST', '/checkcoupen', withToken({ couponname: 'WELCOME50' }, t)),
      },
      {
        route: 'POST /orderauth',
        other: 'own',
        // The victim's idempotency key must not hand the victim's order to someone else.
        build: (t) =>
          json(
            'POST',
            '/orderauth',
            { ...CHECKOUT, userid: victim.userid },
            tokenHeader(t, { 'idempotency-key': 'victim-key-1' }),
          ),
        check: (r) =>
          r.json?.data?.orderid === victimOrder
            ? "answered the victim's order for the victim's idempotency key"
            : undefined,
      },
      {
        route: 'GET /allorders',
        other: 'own',
        build: (t) => ({
          method: 'GET',
          path: '/allorders',
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'GET /order',
        other: 'forbidden',
        build: (t) => ({ method: 'GET', path: '/order', headers: tokenHeader(t, { orderid: String(victimOrder) }) }),
      },
      {
        route: 'DELETE /cancelorder',
        other: 'forbidden',
        build: (t) => ({
          method: 'DELETE',
          path: '/cancelorder',
          headers: tokenHeader(t, { orderid: String(victimOrder) }),
        }),
      },
      {
        route: 'POST /addreview',
        other: 'own',
        build: (t) =>
          json(
            'POST',
            '/addreview',
            withToken(
              { name: 'A', title: 'T', description: 'D', keywords: 'K', date: '2024-05-01', userid: victim.userid },
              t,
            ),
          ),
      },
      ...['/uploadimage', '/upload'].map((path): Row => ({
        route: `POST ${path}`,
        other: 'own',
        build: (t) => {
          const { body, contentType } = multipartFile(makePng(2, 2, Math.floor(Math.random() * 1e9)));
          return {
            method: 'POST',
            path,
            headers: tokenHeader(t, { 'content-type': contentType, 'content-length': String(body.length) }),
            body,
          };
        },
      })),
      {
        route: 'POST /product',
        other: 'own',
        build: (t) =>
          json(
            'POST',
            '/product',
            {
              productname: 'P',
              title: 'Accessories',
              description: 'D',
              price: 10,
              rating: 4,
              photos: [photo],
              stock: 5,
              userid: victim.userid,
            },
            tokenHeader(t),
          ),
        check: (r) =>
          r.status === 200 && r.json?.data?.userid !== attacker.userid
            ? 'the product was not listed for the caller'
            : undefined,
      },
      {
        route: 'POST /checkuserdata',
        other: 'own',
        // The victim's password, with the attacker's session: checked against the attacker's own.
        build: (t) => json('POST', '/checkuserdata', withToken({ password: victim.password }, t)),
        check: (r) => (r.status !== 400 ? `expected 400 Wrong Password, got ${r.status}` : undefined),
      },
      {
        route: 'PUT /updatecus',
        variant: 'profile',
        other: 'own',
        build: (t) =>
          json(
            'PUT',
            '/updatecus',
            withToken({ firstname: 'Eve', lastname: 'Evil', phonenum: '9999999999', userid: victim.userid }, t),
          ),
      },
      {
        route: 'PUT /updatecus',
        variant: "password with the victim's proof",
        other: 'own',
        skip: { 'reset token': 'finishing a verified reset is what a reset token is for (tested in reset.test.ts)' },
        build: (t) =>
          json('PUT', '/updatecus', withToken({ password: 'Hacked@1234', proof, userid: victim.userid }, t)),
        check: (r) => (r.status !== 400 ? `a foreign proof changed a password: ${r.status}` : undefined),
      },
      {
        route: 'GET /getuserdata',
        other: 'own',
        build: (t) => ({
          method: 'GET',
          path: '/getuserdata',
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'POST /addauction',
        other: 'own',
        build: (t) =>
          json(
            'POST',
            '/addauction',
            {
              username: 'x',
              bid: 10,
              rangelowbid: 5,
              rangehighbid: 50,
              productname: 'P',
              category: 'Painting',
              description: 'D',
              ageproduct: '1',
              time: new Date(Date.now() + 86_400_000).toISOString(),
              photos: [photo],
              userid: victim.userid,
            },
            tokenHeader(t),
          ),
        check: (r) =>
          r.status === 200 && r.json?.data?.ownerid !== attacker.userid
            ? 'the item was not put up for the caller'
            : undefined,
      },
      {
        route: 'PUT /updatebiduser',
        other: 'own',
        // Outbidding the victim, who led: they are told so, and nothing else of theirs changes.
        tells: 'outbid',
        // Bidding on a third user's item, claiming to be the victim: the bid is the caller's.
        build: (t) =>
          json(
            'PUT',
            '/updatebiduser',
            {
              auctionid: thirdAuction.auctionid,
              bid: (bid += 10),
              userid: victim.userid,
              biduser: [{ userid: victim.userid, bid: 9_999_999 }],
            },
            tokenHeader(t),
          ),
      },
      {
        route: 'GET /getUserAuction/:id',
        other: 'forbidden',
        build: (t) => ({ method: 'GET', path: `/getUserAuction/${victim.userid}`, headers: tokenHeader(t) }),
      },
      {
        route: 'PUT /setHighBid',
        other: 'forbidden',
        build: (t) =>
          json('PUT', '/setHighBid', { productid: victimAuction.auctionid, userid: attacker.userid }, tokenHeader(t)),
      },
      {
        route: 'PUT /auctionwatch/:id',
        other: 'own',
        // Watching the victim's item is the caller's own watch: the victim's rows stay as they were.
        build: (t) => ({
          method: 'PUT',
          path: `/auctionwatch/${victimAuction.auctionid}`,
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'DELETE /auctionwatch/:id',
        other: 'own',
        build: (t) => ({
          method: 'DELETE',
          path: `/auctionwatch/${thirdAuction.auctionid}`,
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'GET /auctionwatch',
        other: 'own',
        build: (t) => ({
          method: 'GET',
          path: `/auctionwatch?ids=${thirdAuction.auctionid},${victimAuction.auctionid}`,
          headers: tokenHeader(t),
        }),
      },
      {
        route: 'GET /auctionwatching',
        other: 'own',
        build: (t) => ({
          method: 'GET',
          path: '/auctionwatching',
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'GET /mybids',
        other: 'own',
        build: (t) => ({ method: 'GET', path: '/mybids', headers: tokenHeader(t, { userid: String(victim.userid) }) }),
      },
      {
        route: 'GET /myselling',
        other: 'own',
        build: (t) => ({
          method: 'GET',
          path: '/myselling',
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'POST /auctionbuynow',
        other: 'own',
        // An item without Buy It Now (the victim bid on it): 409, nothing changes.
        build: (t) => json('POST', '/auctionbuynow', { auctionid: thirdAuction.auctionid }, tokenHeader(t)),
      },
      {
        route: 'PUT /payauctionorder',
        other: 'forbidden',
        build: (t) =>
          json(
            'PUT',
            '/payauctionorder',
            { orderid: victimWin, billname: 'Hijack', billaddress: '1 Thief Road', payinfo: 'cod' },
            tokenHeader(t),
          ),
      },
      {
        route: 'GET /notices',
        other: 'own',
        build: (t) => ({ method: 'GET', path: `/notices?limit=100`, headers: tokenHeader(t) }),
      },
      {
        route: 'PUT /notices/seen',
        other: 'own',
        build: (t) => json('PUT', '/notices/seen', { upto: 2_000_000_000 }, tokenHeader(t)),
      },
      {
        route: 'GET /noticeprefs',
        other: 'own',
        build: (t) => ({ method: 'GET', path: '/noticeprefs', headers: tokenHeader(t) }),
      },
      {
        route: 'PUT /noticeprefs',
        other: 'own',
        build: (t) => json('PUT', '/noticeprefs', { outbid: false, ending: false }, tokenHeader(t)),
      },
      {
        route: 'POST /noticeevents/ticket',
        other: 'own',
        build: (t) => ({ method: 'POST', path: '/noticeevents/ticket', headers: tokenHeader(t) }),
      },
      {
        route: 'GET /wishlist',
        other: 'own',
        build: (t) => ({
          method: 'GET',
          path: '/wishlist',
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'POST /wishlist',
        other: 'own',
        build: (t) =>
          json('POST', '/wishlist', { productid: product.productid, userid: victim.userid }, tokenHeader(t)),
      },
      {
        route: 'DELETE /wishlist/:id',
        other: 'own',
        build: (t) => ({
          method: 'DELETE',
          path: `/wishlist/${product.productid}`,
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'DELETE /wishlist',
        other: 'own',
        build: (t) => ({
          method: 'DELETE',
          path: '/wishlist',
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'GET /pricealerts/:id',
        other: 'own',
        build: (t) => ({ method: 'GET', path: `/pricealerts/${product.productid}`, headers: tokenHeader(t) }),
      },
      {
        route: 'POST /pricealerts',
        other: 'own',
        build: (t) =>
          json('POST', '/pricealerts', { productid: product.productid, userid: victim.userid }, tokenHeader(t)),
      },
      {
        route: 'DELETE /pricealerts/:id',
        other: 'own',
        build: (t) => ({ method: 'DELETE', path: `/pricealerts/${product.productid}`, headers: tokenHeader(t) }),
      },
      {
        route: 'GET /myproducts',
        other: 'own',
        build: (t) => ({
          method: 'GET',
          path: '/myproducts',
          headers: tokenHeader(t, { userid: String(victim.userid) }),
        }),
      },
      {
        route: 'GET /sales',
        other: 'own',
        build: (t) => ({ method: 'GET', path: '/sales', headers: tokenHeader(t, { userid: String(victim.userid) }) }),
      },
      {
        route: 'PUT /sales/:shipmentid/shipped',
        other: 'forbidden',
        build: (t) =>
          json(
            'PUT',
            `/sales/${victimShipment}/shipped`,
            { courier: 'Thief Express', tracking: 'TX12345' },
            tokenHeader(t),
          ),
      },
      {
        route: 'PUT /sales/:shipmentid/delivered',
        other: 'forbidden',
        build: (t) => ({ method: 'PUT', path: `/sales/${victimShipment}/delivered`, headers: tokenHeader(t) }),
      },
      {
        route: 'GET /myproducts/:id',
        other: 'forbidden',
        build: (t) => ({ method: 'GET', path: `/myproducts/${victimProduct.productid}`, headers: tokenHeader(t) }),
      },
      {
        // The caller's own cart line of that product (the victim's line of it is never reached).
        route: 'PUT /cart/:id',
        other: 'own',
        build: (t) => json('PUT', `/cart/${product.productid}`, { quantity: 2, userid: victim.userid }, tokenHeader(t)),
      },
      {
        route: 'GET /stockalerts/:id',
        other: 'own',
        build: (t) => ({ method: 'GET', path: `/stockalerts/${gone.productid}`, headers: tokenHeader(t) }),
      },
      {
        route: 'POST /stockalerts',
        other: 'own',
        build: (t) =>
          json('POST', '/stockalerts', { productid: gone.productid, userid: victim.userid }, tokenHeader(t)),
      },
      {
        route: 'DELETE /stockalerts/:id',
        other: 'own',
        build: (t) => ({ method: 'DELETE', path: `/stockalerts/${gone.productid}`, headers: tokenHeader(t) }),
      },
      {
        route: 'PUT /product/:id',
        other: 'forbidden',
        build: (t) =>
          json(
            'PUT',
            `/product/${victimProduct.productid}`,
            {
              productname: 'Hijacked',
              title: 'Accessories',
              description: 'D',
              price: 1,
              rating: 1,
              photos: victimProduct.photos,
            },
            tokenHeader(t),
          ),
      },
      {
        route: 'DELETE /product/:id',
        other: 'forbidden',
        build: (t) => ({ method: 'DELETE', path: `/product/${victimProduct.productid}`, headers: tokenHeader(t) }),
      },
    ];
    // The HEAD twin of every GET route answers the same statuses (without a body).
    rows.push(
      ...rows
        .filter((r) => r.route.startsWith('GET '))
        .map((r): Row => ({
          ...r,
          route: r.route.replace(/^GET /, 'HEAD '),
          check: undefined,
          build: (t) => ({ ...r.build(t), method: 'HEAD' }),
        })),
    );
    // Last: it ends the attacker's session.
    rows.push({
      route: 'POST /logoutcus',
      other: 'own',
      build: (t) => json('POST', '/logoutcus', withToken({ userid: victim.userid }, t)),
    });

    // Every route that takes an authtoken has a row (a new protected route fails here until it gets one).
    const protectedRoutes = routesOf(s.app.routeTable)
      .filter((r) => r.schema.headers?.properties?.authtoken || r.schema.body?.properties?.authtoken)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !PUBLIC_TOKEN_ROUTES[r]);
    expect([...new Set(rows.map((r) => r.route))].sort()).toEqual(protectedRoutes.sort());

    // Secrets no reply may hold.
    const db = s.app.ctx.db;
    const hashes = [
      ...(await db.selectFrom('users').select('password_hash as h').execute()),
      ...(await db.selectFrom('login_tokens').select('token_hash as h').execute()),
      ...(await db.selectFrom('password_resets').select(['token_hash as h']).execute()),
      ...(await db.selectFrom('password_resets').select(['otp_hash as h']).execute()),
      ...(await db.selectFrom('password_proofs').select('token_hash as h').execute()),
    ].map((r) => r.h);
    const secrets: Record<string, string> = {
      "the victim's password": victim.password,
      "the victim's login token": victim.token,
      'the expired token': expired,
      'the revoked token': revoked,
      'the reset token': reset,
      'the OTP': otp,
      "the victim's proof": proof,
      "the victim's email": victim.email,
      "the victim's last name": victim.lastname,
      "the victim's phone": victim.phonenum,
      "the victim's street": address.streetadd,
      "the victim's bill address": '7 Secret Lane',
      ...Object.fromEntries(hashes.map((h, i) => [`stored hash #${i}`, h])),
    };
    const leaks = (r: RawReply) =>
      Object.entries(secrets)
        .filter(([, v]) => v && (r.text.includes(v) || JSON.stringify(r.headers).includes(v)))
        .map(([k]) => k);
    expect(leaks({ status: 0, headers: {}, text: '', json: null })).toEqual([]);

    // The victim's records, by content (any table with a userid, the order lines, uploaded images).
    // `told`: a kind of notice the caller's own action may rightly queue for the victim (outbid).
    const victimState = async (told?: string) => {
      const { rows: tables } = await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'userid' ORDER BY table_name`.execute(
        db,
      );
      const out: Record<string, string> = {};
      for (const { table_name } of tables) {
        const { rows: r } = await sql<{
          h: string;
        }>`SELECT coalesce(md5(string_agg(x::text, ',' ORDER BY x::text)), '') AS h FROM ${sql.table(table_name)} x WHERE userid = ${victim.userid}
          ${table_name === 'notices' && told ? sql`AND kind <> ${told}` : sql``}`.execute(db);
        out[table_name] = r[0].h;
      }
      const lines = await sql<{
        h: string;
      }>`SELECT coalesce(md5(string_agg(l::text, ',' ORDER BY l::text)), '') AS h FROM order_lines l JOIN orders o USING (orderid) WHERE o.userid = ${victim.userid}`.execute(
        db,
      );
      out.order_lines = lines.rows[0].h;
      return out;
    };
    const query = await snapshotQuery(db);

    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    let cells = 0;
    for (const row of rows) {
      for (const kind of KINDS) {
        if (row.skip?.[kind]) continue;
        const name = `${row.route}${row.variant ? ` (${row.variant})` : ''} × ${kind}`;
        // The mails of notices an earlier cell queued are sent first (they change the notices' mail state).
        await s.app.ctx.noticeMail.idle();
        const beforeAll = await takeSnapshot(db, query);
        const beforeVictim = await victimState(row.tells);
        const reply = await send(s.url, row.build(tokens[kind]));
        cells++;
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
        const leaked = leaks(reply);
        if (leaked.length) problems.push(`${name}: the reply holds ${leaked.join(', ')}`);
        if (kind !== "another user's token" || row.other === 'forbidden') {
          const expected = kind === "another user's token" ? [403, 404] : [401];
          if (!expected.includes(reply.status))
            problems.push(`${name}: ${reply.status} ${reply.text.slice(0, 160)} (expected ${expected.join('/')})`);
          const changed = diffSnapshots(beforeAll, await takeSnapshot(db, query));
          if (changed.length) problems.push(`${name}: refused, yet changed ${changed.join('; ')}`);
        } else {
          if (reply.status >= 500) problems.push(`${name}: ${reply.status}`);
          const extra = row.check?.(reply);
          if (extra) problems.push(`${name}: ${extra}`);
        }
        const afterVictim = await victimState(row.tells);
        const touched = Object.keys(beforeVictim).filter((t) => beforeVictim[t] !== afterVictim[t]);
        if (touched.length) problems.push(`${name}: changed the victim's ${touched.join(', ')}`);
      }
    }
    // The attacker's bid on the third user's item is the attacker's, whatever the body claimed.
    const lastBid = await db
      .selectFrom('bids')
      .select(['userid', 'bid'])
      .where('auctionid', '=', thirdAuction.auctionid)
      .orderBy('bidid', 'desc')
      .executeTakeFirstOrThrow();
    expect(lastBid.userid).toBe(attacker.userid);

    console.log(
      `[resilience] authorization matrix on ${s.kind}: ${rows.length} rows (${protectedRoutes.length} protected routes) × ${KINDS.length} token kinds = ${cells} requests; ` +
        `statuses ${JSON.stringify(statuses)}; ${Object.keys(secrets).length} secrets scanned for in every reply`,
    );
    expect(problems).toEqual([]);
  });
});
