/**
 * The shop functions of the typed client (shared/src/api) against the real server: routes,
 * methods, header/body placement and reply shapes of client and server agree.
 */
import { signedInUser } from './helpers/accounts';
import { rejection, serveClient } from './helpers/client';
import { makePng } from './helpers/shop';
import * as client from '../../shared/src/api';
import { useSession } from '../../shared/src/session/sessionStore';

const server = serveClient();

async function signIn() {
  const u = await signedInUser(server());
  useSession.setState({ session: { firstname: u.firstname, lastname: u.lastname, authtoken: u.token } });
  return u;
}

test('signed out: the shop calls that need a login reject 401 without calling the server', async () => {
  useSession.setState({ session: null });
  for (const call of [
    () => client.addToCart(1),
    () => client.removeFromCart(1),
    () => client.clearCart(),
    () => client.checkCoupon('WELCOME50'),
    () => client.placeOrder({ billname: 'a', ordernote: '', billaddress: 'b', payinfo: 'cod' }, 'k1'),
    () => client.getOrders(),
    () => client.getOrder(1),
    () => client.cancelOrder(1),
    () => client.addReview({ name: 'a', title: 'b', description: 'c', keywords: 'd', date: '2024-01-01' }),
    () => client.uploadPhoto(new Blob([new Uint8Array(makePng())])),
  ]) {
    const e = await rejection(call());
    expect([e.status, e.message]).toEqual([401, 'Please login first']);
  }
  // Public: coupons and reviews.
  expect((await client.getCoupons()).map((c) => c.couponname)).toContain('WELCOME50');
  expect(Array.isArray(await client.getReviews())).toBe(true);
});

test('list a product with two photos, buy it with a coupon, follow and cancel the order', async () => {
  await signIn();
  const first = await client.uploadPhoto(
    new Blob([new Uint8Array(makePng(6, 6, 41))], { type: 'image/png' }),
    'one.png',
  );
  const second = await client.uploadPhoto(new Blob([new Uint8Array(makePng(6, 6, 42))]));
  expect(first).toMatch(new RegExp(`^${server().url}/images/[0-9a-f]{64}\\.png$`));
  const notPng = await rejection(client.uploadPhoto(new Blob(['GIF89a...']), 'fake.png'));
  expect([notPng.status, notPng.message]).toEqual([400, 'The file is not a PNG image']);

  const product = await client.createProduct({
    productname: 'Client Kettle',
    title: 'Electronics',
    description: 'An electric kettle.',
    price: 650,
    rating: 4,
    location: 'Delhi',
    photos: [first, second],
    stock: 3,
  });
  expect(product).toMatchObject({
    productname: 'Client Kettle',
    price: 650,
    photo: first,
    photos: [first, second],
    stock: 3,
    left: 3,
  });
  expect(await client.getMyProduct(product.productid)).toEqual(product);
  const bad = await rejection(
    client.createProduct({
      productname: '',
      title: 'x',
      description: 'y',
      price: 1,
      rating: 1,
      location: '',
      photos: [first],
      stock: 1,
    }),
  );
  expect([bad.status, bad.message]).toEqual([400, 'Please Enter Product Name']);
  expect((await client.searchProducts({ productname: 'client kettle' })).products.map((p) => p.productid)).toEqual([
    product.productid,
  ]);

  await signIn(); // a buyer
  expect(await client.addToCart(product.productid)).toEqual([
    {
      productid: product.productid,
      productname: 'Client Kettle',
      title: 'Electronics',
      price: 650,
      photo: first,
      photoSources: product.photoSources,
      quantity: 1,
      max: 3,
    },
  ]);
  expect(await client.addToCart(product.productid)).toHaveLength(1);
  expect((await client.setCartQuantity(product.productid, 2)).map((l) => l.quantity)).toEqual([2]);
  const tooMany = await rejection(client.setCartQuantity(product.productid, 4));
  expect([tooMany.status, tooMany.message]).toEqual([409, 'Only 3 left of Client Kettle']);
  const mine = await rejection(client.getMyProduct(product.productid));
  expect(mine.status).toBe(403);
  const cheap = (await client.searchProducts({ productname: '', maxPrice: 400 })).products[0];
  expect(await client.addToCart(cheap.productid)).toHaveLength(2);
  expect(await client.removeFromCart(cheap.productid)).toHaveLength(1);
  expect(await client.getCartItems()).toHaveLength(1);

  expect(await client.checkCoupon('save100')).toEqual({
    couponname: 'SAVE100',
    discount: 100,
    msg: 'Coupon Applied Successfully',
  });
  const expired = await rejection(client.checkCoupon('SUMMER20'));
  expect([expired.status, expired.message]).toEqual([400, 'Coupon is Expired']);

  const body = {
    billname: 'Ravi Kumar',
    ordernote: '',
    billaddress: '1 Ring Road, Delhi',
    payinfo: 'paypal' as const,
    couponname: 'SAVE100',
  };
  const key = `client-${Date.now()}`;
  const placed = await client.placeOrder(body, key);
  expect(await client.placeOrder(body, key)).toEqual(placed);
  expect(await client.getCartItems()).toEqual([]);
  const empty = await rejection(client.placeOrder(body, `${key}-2`));
  expect([empty.status, empty.message]).toEqual([400, 'Your cart is empty: add a product before placing an order']);

  const order = await client.getOrder(placed.orderid);
  expect(order).toMatchObject({
    orderid: placed.orderid,
    billamount: 1200,
    discount: 100,
    billtax: 0,
    total: 1200,
    couponname: 'SAVE100',
    payinfo: 'paypal',
    status: 'Processing',
  });
  expect(order.orderdata).toEqual([
    { productid: product.productid, productname: 'Client Kettle', price: 650, quantity: 2 },
  ]);
  expect((await client.getProduct(product.productid)).left).toBe(1);
  expect(await client.getStockAlert(product.productid)).toBe(false);
  const inStock = await rejection(client.setStockAlert(product.productid, true));
  expect(inStock.status).toBe(409);
  expect(await client.getOrders()).toEqual([order]);
  expect(await client.cancelOrder(placed.orderid)).toEqual({ msg: 'Order Cancelled Successfully' });
  const twice = await rejection(client.cancelOrder(placed.orderid));
  expect([twice.status, twice.message]).toEqual([409, 'This order is already cancelled']);
  expect((await client.getOrders())[0].status).toBe('Cancelled');
  const missing = await rejection(client.getOrder(987654));
  expect([missing.status, missing.message]).toEqual([404, 'Order not found']);

  await client.addToCart(cheap.productid);
  await client.clearCart();
  expect(await client.getCartItems()).toEqual([]);
});

test('reviews through the client', async () => {
  await signIn();
  const review = {
    name: 'Sita',
    title: 'Lovely',
    description: '<i>Really</i> good',
    keywords: 'good value',
    date: '2024-06-01',
  };
  expect(await client.addReview(review)).toEqual({ msg: 'Review Added Successfully' });
  expect((await client.getReviews())[0]).toEqual({ reviewid: expect.any(Number), ...review });
  const e = await rejection(client.addReview({ ...review, keywords: '' }));
  expect([e.status, e.message]).toEqual([400, 'Please Enter Keywords ']);
});
