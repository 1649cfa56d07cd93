/**
 * The front ends' typed client (shared/src/api) against the real server: proves that routes,
 * methods, header/body placement and reply shapes of client and server agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as client from '../../shared/src/api';
import { rejection, serveClient } from './helpers/client';
import { useSession } from '../../shared/src/session/sessionStore';

const server = serveClient();

function signIn(data: { firstname: string; lastname: string; authtoken: string }) {
  useSession.setState({ session: data });
}

async function codeFromOutbox(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(server().config.outboxDir)
      ? fs.readdirSync(server().config.outboxDir).filter((f) => f.includes(email))
      : [];
    if (files.length) {
      const newest = files.sort().at(-1)!;
      return /reset code is:\s*(\d{6})/.exec(fs.readFileSync(path.join(server().config.outboxDir, newest), 'utf8'))![1];
    }
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('no mail');
}

test('catalogue calls', async () => {
  // The catalogue a page at a time, oldest first, following `next`.
  const products = [];
  let page = await client.getProductsPage({ limit: 40 });
  products.push(...page.items);
  while (page.next) {
    page = await client.getProductsPage({ limit: 40, cursor: page.next });
    products.push(...page.items);
  }
  expect(products.length).toBeGreaterThanOrEqual(60);
  expect((await client.getProductsPage()).items).toEqual(products.slice(0, 48));
  expect(await client.getProduct(products[1].productid)).toEqual(products[1]);
  const missing = await rejection(client.getProduct(987654));
  expect([missing.status, missing.message]).toEqual([404, 'Product not found']);
  expect(await client.getTrendingProducts(3)).toHaveLength(3);
  expect([...(await client.getCategories())].sort()).toEqual(['Accessories', 'Clothing', 'Electronics']);
  const drones = await client.searchProducts({ productname: 'drone' });
  expect(drones.products).toHaveLength(2);
  expect(drones.hasMore).toBe(false);
  const cheap = await client.searchProducts({ productname: '', category: 'Clothing', maxPrice: 500 });
  expect(cheap.products.every((p) => p.title === 'Clothing' && p.price <= 500)).toBe(true);
  // Search pages: the whole catalogue, 10 at a time, newest first, by cursor.
  const paged: number[] = [];
  let cursor: string | undefined;
  for (let more = true; more;) {
    const found = await client.searchProducts({ productname: '', limit: 10, cursor });
    paged.push(...found.products.map((p) => p.productid));
    more = found.hasMore;
    cursor = found.next ?? undefined;
  }
  expect(paged).toEqual(products.map((p) => p.productid).reverse());
});

test('account journey through the client', async () => {
  const email = `client.${Date.now()}@example.com`;
  const payload: client.SignupPayload = {
    firstname: 'Kiran',
    lastname: 'Das',
    createdate: '1992-03-04',
    gender: 'male',
    email,
    password: 'Kiran@2024',
    phonenum: '9811122233',
    address: '',
  };
  expect(await client.signup(payload)).toEqual({ msg: 'Account Created Successfully' });
  const dup = await rejection(client.signup(payload));
  expect([dup.status, dup.message]).toEqual([409, 'Email already registered, please login']);
  const bad = await rejection(client.signup({ ...payload, email: 'x', phonenum: '1' }));
  expect([bad.status, bad.message]).toEqual([400, 'Please Enter Email']);

  const wrong = await rejection(client.login(email, 'Nope@2024'));
  expect([wrong.status, wrong.message]).toEqual([404, 'Wrong Email or Password']);
  const session = await client.login(email, 'Kiran@2024');
  expect(session).toEqual({ firstname: 'Kiran', lastname: 'Das', authtoken: expect.any(String) });
  signIn(session);

  const me = await client.getUserData();
  expect(me).toMatchObject({ email, firstname: 'Kiran', address: [] });
  expect(await client.updateProfile({ firstname: 'Kiran K', lastname: 'Das', phonenum: '9811122244' })).toEqual({
    ...session,
    firstname: 'Kiran K',
  });
  const home: client.Address = {
    streetadd: '5 Park Street',
    landmark: 'Metro',
    country: 'India',
    state: 'Gujarat',
    city: 'Surat',
    postal: '395003',
  };
  await client.updateAddresses([home]);
  expect((await client.getUserData()).address).toEqual([home]);
  expect(await client.getCartItems()).toEqual([]);

  const wrongOld = await rejection(client.checkPassword('Wrong@2024'));
  expect([wrongOld.status, wrongOld.message]).toEqual([400, 'Wrong Password']);
  const { proof } = await client.checkPassword('Kiran@2024');
  const renewed = await client.changePassword(proof, 'Kiran@2025');
  expect(renewed.authtoken).not.toBe(session.authtoken);
  signIn(renewed);
  expect((await client.getUserData()).firstname).toBe('Kiran K');

  await client.logout();
  const after = await rejection(client.getUserData());
  expect(after.status).toBe(401);
  useSession.setState({ session: null });
  await client.logout(); // signed out: nothing to do
  expect(await client.getCartItems()).toEqual([]);

  const { resetToken, email: echoed } = await client.requestPasswordReset(email);
  expect(echoed).toBe(email);
  const code = await codeFromOutbox(email);
  const otherCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  expect(await client.verifyResetOtp(otherCode, email, resetToken)).toBe(false);
  expect(await client.verifyResetOtp(code, email, resetToken)).toBe(true);
  expect(await client.completePasswordReset(resetToken, 'Kiran@2026')).toEqual({
    msg: 'Password Updated Successfully',
  });
  await expect(client.login(email, 'Kiran@2026')).resolves.toMatchObject({ firstname: 'Kiran K' });
});

test('contact through the client', async () => {
  const m = { email: 'asha@example.com', name: 'Asha', subject: `Order help ${Date.now()}`, msg: 'Where is my order?' };
  expect(await client.sendContact(m)).toEqual({ msg: 'Thank you for contacting us' });
  const again = await rejection(client.sendContact(m));
  expect(again.status).toBe(409);
  expect(again.message).toMatch(/already received/);
});
