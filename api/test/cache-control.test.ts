import { login, newUser, signedInUser } from './helpers/accounts';
import { startServer, type TestServer } from './helpers/server';

// Personal replies travel with the login token in a custom header, which a shared cache does not
// key on: a cache that kept one would hand it to the next visitor of the same URL.
describe('Cache-Control on replies that carry personal data or a token', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite');
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('is no-store on every personal reply, errors included; the public catalogue stays revalidated', async () => {
    const user = await signedInUser(s);
    const auth = { authtoken: user.token };
    const password = newUser().password;
    const replies = {
      'POST /logincus': await login(s, user.email, user.password),
      'POST /signupcus': await s.post('/signupcus', newUser()),
      'GET /getuserdata': await s.get('/getuserdata', auth),
      'GET /productviewcart': await s.get('/productviewcart', auth),
      'GET /allorders': await s.get('/allorders', auth),
      'GET /order (not found)': await s.get('/order', { ...auth, orderid: '999999' }),
      [`GET /getUserAuction/${user.userid}`]: await s.get(`/getUserAuction/${user.userid}`, auth),
      'POST /otpemail': await s.post('/otpemail', { email: user.email }),
      'POST /checkuserdata (wrong password)': await s.post('/checkuserdata', { authtoken: user.token, password }),
      'GET /getuserdata (no token, 401)': await s.get('/getuserdata'),
    };
    const notNoStore = Object.entries(replies)
      .filter(([, r]) => r.headers.get('cache-control') !== 'no-store')
      .map(([what, r]) => `${what}: ${r.status} cache-control ${r.headers.get('cache-control')}`);
    expect(notNoStore).toEqual([]);

    expect((await s.get('/products')).headers.get('cache-control')).toBe('no-cache');
  });
});
