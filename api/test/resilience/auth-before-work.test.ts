import * as crypto from '../../src/lib/crypto';
import { newUser, signedInUser } from '../helpers/accounts';
import { startServer, type TestServer } from '../helpers/server';

// Hashing a password costs ~0.3 s of CPU at production cost: a stranger must not be able to make
// the API do it with a token or a proof that cannot be used.
describe('PUT /updatecus hashes a new password only for a request that can use it', () => {
  let s: TestServer;
  const hashes = jest.spyOn(crypto, 'hashPassword');
  beforeAll(async () => {
    s = await startServer('pglite');
  });
  afterAll(async () => {
    await s?.stop();
    hashes.mockRestore();
  });
  beforeEach(() => hashes.mockClear());

  it('refuses an unusable token with 401 without hashing', async () => {
    for (const authtoken of ['not-a-token', 'x'.repeat(64)]) {
      const r = await s.put('/updatecus', { authtoken, password: newUser().password });
      expect(r.status).toBe(401);
    }
    expect(hashes).not.toHaveBeenCalled();
  });

  it('refuses a password change whose proof is unknown or used up with 400, without hashing; a good one hashes once', async () => {
    const user = await signedInUser(s);
    hashes.mockClear(); // signing up hashed the first password
    const password = newUser().password;
    const bogus = await s.put('/updatecus', { authtoken: user.token, password, proof: 'p'.repeat(40) });
    expect(bogus.status).toBe(400);
    expect(bogus.body.msg).toBe('Please confirm your old password again');
    expect(hashes).not.toHaveBeenCalled();

    const proof = (await s.post('/checkuserdata', { authtoken: user.token, password: user.password })).body.data
      .proof as string;
    const changed = await s.put('/updatecus', { authtoken: user.token, password, proof });
    expect(changed.status).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);

    hashes.mockClear();
    const again = await s.put('/updatecus', {
      authtoken: changed.body.data.authtoken,
      password: newUser().password,
      proof,
    });
    expect(again.status).toBe(400);
    expect(hashes).not.toHaveBeenCalled();
  });
});
