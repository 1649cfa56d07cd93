import { sql } from 'kysely';
import { describeEachDatabase } from './helpers/server';
import { anonToken, login, newUser, signedInUser } from './helpers/accounts';

const NEW_PASSWORD_MESSAGE = 'Password should contain Uppercase, Lowercase, Special Symbol and Length should be greater 8';

describeEachDatabase('accounts', (server) => {
  describe('POST /signupcus', () => {
    it('creates an account and never returns the password or its hash', async () => {
      const user = newUser();
      const r = await server().post('/signupcus', user);
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Account Created Successfully');
      expect(r.body.data).toEqual({ userid: expect.any(Number), firstname: 'Meera', lastname: 'Iyer', email: user.email });
      expect(JSON.stringify(r.body)).not.toMatch(/Secret@123|scrypt/);
      const row = await server().app.ctx.db.selectFrom('users').select('password_hash').where('userid', '=', r.body.data.userid).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
      expect(row.password_hash).not.toContain('Secret@123');
    });

    // Spec section 5: the same messages as the form, for a client that skips the form.
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing first name', { firstname: undefined }, 'Please Enter First Name'],
      ['blank first name', { firstname: '   ' }, 'Please Enter First Name'],
      ['missing last name', { lastname: undefined }, 'Please Enter Last Name'],
      ['empty last name', { lastname: '' }, 'Please Enter Last Name'],
      ['missing birthday', { createdate: undefined }, 'Please Select Birth Date'],
      ['impossible birthday', { createdate: '2001-02-30' }, 'Please Select Birth Date'],
      ['birthday in the future', { createdate: '2999-01-01' }, 'Please Select Birth Date'],
      ['birthday not a date', { createdate: 'yesterday' }, 'Please Select Birth Date'],
      ['missing gender', { gender: undefined }, 'Please Enter Gender'],
      ['unknown gender', { gender: 'robot' }, 'Please Enter Gender'],
      ['missing email', { email: undefined }, 'Please Enter Email'],
      ['malformed email', { email: 'meera@@example' }, 'Please Enter Email'],
      ['email with a 1-letter domain', { email: 'a@b.com' }, 'Please Enter Email'],
      ['missing password', { password: undefined }, 'Please Enter Password'],
      ['password without a special character', { password: 'Secret1234' }, 'Please Enter Password'],
      ['password without an uppercase letter', { password: 'secret@123' }, 'Please Enter Password'],
      ['password without a digit', { password: 'Secret@abc' }, 'Please Enter Password'],
      ['password of 7 characters', { password: 'Sec@12a' }, 'Please Enter Password'],
      ['missing phone', { phonenum: undefined }, 'Please Enter Phone number'],
      ['phone of 9 digits', { phonenum: '987654321' }, 'Please Enter Phone number'],
      ['phone with letters', { phonenum: '98765abcde' }, 'Please Enter Phone number'],
      ['phone as an object', { phonenum: { n: 1 } }, 'Please Enter Phone number'],
    ];
    it.each(cases)('rejects %s with the spec message', async (_name, change, msg) => {
      const r = await server().post('/signupcus', newUser(change));
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 400, msg, data: null });
    });

    it('reports the first bad field in form order when everything is empty', async () => {
      const r = await server().post('/signupcus', {});
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Please Enter First Name');
    });

    it('rejects a duplicate email, whatever its case', async () => {
      const user = newUser();
      expect((await server().post('/signupcus', user)).status).toBe(200);
      const again = await server().post('/signupcus', { ...user, email: user.email.toUpperCase(), firstname: 'Other' });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe('Email already registered, please login');
    });

    it('stores names with markup exactly as given', async () => {
      const u = await signedInUser(server(), { firstname: '<script>alert(1)</script>', lastname: '<b>Bold</b>' });
      const me = await server().get('/getuserdata', { authtoken: u.token });
      expect(me.body.data.firstname).toBe('<script>alert(1)</script>');
      expect(me.body.data.lastname).toBe('<b>Bold</b>');
    });
  });

  describe('GET /getanytoken and POST /logincus', () => {
    it('logs in with a fresh anonymous token and returns the session data', async () => {
      const user = newUser();
      await server().post('/signupcus', user);
      const r = await login(server(), user.email, user.password);
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Login Successfully');
      expect(r.body.data).toEqual({ firstname: 'Meera', lastname: 'Iyer', authtoken: expect.any(String) });
      // >= 128 random bits, and only a hash in the database.
      const token = r.body.data.authtoken as string;
      expect(Buffer.from(token.replace(/^lt_/, ''), 'base64url').length).toBeGreaterThanOrEqual(16);
      const rows = await server().app.ctx.db.selectFrom('login_tokens').select('token_hash').execute();
      expect(rows.some((row) => row.token_hash === token)).toBe(false);
      expect(rows.length).toBeGreaterThan(0);
      // Email is case-insensitive.
      expect((await login(server(), user.email.toUpperCase(), user.password)).status).toBe(200);
    });

    it('answers a wrong password and an unknown email the same way', async () => {
      const user = newUser();
      await server().post('/signupcus', user);
      const wrong = await login(server(), user.email, 'Wrong@1234');
      const unknown = await login(server(), 'nobody.here@example.com', 'Wrong@1234');
      expect(wrong.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(wrong.body).toEqual({ status: 404, msg: 'Wrong Email or Password', data: null });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('needs a valid anonymous token', async () => {
      const user = newUser();
      await server().post('/signupcus', user);
      const none = await server().post('/logincus', { email: user.email, password: user.password });
      expect(none.status).toBe(401);
      expect(none.body.msg).toMatch(/authtoken/);
      const token = await anonToken(server());
      const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
      const bad = await server().post('/logincus', { email: user.email, password: user.password, authtoken: forged });
      expect(bad.status).toBe(401);
      // A login token is not an anonymous token either.
      const u = await signedInUser(server());
      const withLogin = await server().post('/logincus', { email: u.email, password: u.password, authtoken: u.token });
      expect(withLogin.status).toBe(401);
    });

    it('rejects empty and malformed fields with clear messages', async () => {
      const authtoken = await anonToken(server());
      let r = await server().post('/logincus', { email: '', password: 'x', authtoken });
      expect(r.body).toEqual({ status: 400, msg: 'Please Enter Email', data: null });
      r = await server().post('/logincus', { email: 'a@example.com', password: '', authtoken });
      expect(r.body).toEqual({ status: 400, msg: 'Please Enter Password', data: null });
      r = await server().post('/logincus', { email: 'a@example.com', authtoken });
      expect(r.body.msg).toBe('Please Enter Password');
      r = await server().request('POST', '/logincus', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(400);
      r = await server().request('POST', '/logincus', { raw: '', headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(400);
      r = await server().post('/logincus', ['a', 'b']);
      expect(r.status).toBe(400);
    });
  });

  describe('POST /logoutcus', () => {
    it('revokes the login token: it no longer works anywhere', async () => {
      const u = await signedInUser(server());
      expect((await server().get('/getuserdata', { authtoken: u.token })).status).toBe(200);
      const out = await server().post('/logoutcus', { authtoken: u.token });
      expect(out.status).toBe(200);
      expect(out.body.msg).toBe('Successfully Logout');
      const after = await server().get('/getuserdata', { authtoken: u.token });
      expect(after.status).toBe(401);
      expect(after.body.msg).toBe('Session expired, please login again');
      expect((await server().put('/updatecus', { authtoken: u.token, firstname: 'X', lastname: 'Y', phonenum: '9999999999' })).status).toBe(401);
      expect((await server().get('/productviewcart', { authtoken: u.token })).status).toBe(401);
      expect((await server().post('/logoutcus', { authtoken: u.token })).status).toBe(401);
    });

    it('leaves the user’s other sessions alive', async () => {
      const u = await signedInUser(server());
      const second = (await login(server(), u.email, u.password)).body.data.authtoken;
      await server().post('/logoutcus', { authtoken: u.token });
      expect((await server().get('/getuserdata', { authtoken: second })).status).toBe(200);
    });

    it('refuses an expired login token', async () => {
      const u = await signedInUser(server());
      await sql`UPDATE login_tokens SET expires_at = now() - interval '1 second' WHERE userid = ${u.userid}`.execute(server().app.ctx.db);
      expect((await server().get('/getuserdata', { authtoken: u.token })).status).toBe(401);
    });
  });

  describe('GET /getuserdata', () => {
    it('returns the caller’s customer record with the address list as real JSON', async () => {
      const u = await signedInUser(server());
      const r = await server().get('/getuserdata', { authtoken: u.token });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({
        userid: u.userid,
        firstname: 'Meera',
        lastname: 'Iyer',
        email: u.email,
        phonenum: '9876501234',
        createdate: '1995-06-15',
        gender: 'female',
        address: [],
        authtoken: u.token,
      });
      expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt|token_hash/);
    });

    it('answers 401 without the header and for a made-up token', async () => {
      const none = await server().get('/getuserdata');
      expect(none.status).toBe(401);
      expect(none.body.msg).toMatch(/authtoken/);
      const fake = await server().get('/getuserdata', { authtoken: 'lt_madeup' });
      expect(fake.status).toBe(401);
    });
  });

  describe('PUT /updatecus', () => {
    const address = {
      streetadd: '14, Residency Road',
      landmark: 'Opp. Park',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      postal: '560025',
    };

    it('edits the profile and returns the refreshed session data', async () => {
      const u = await signedInUser(server());
      const r = await server().put('/updatecus', { authtoken: u.token, firstname: 'Meenakshi', lastname: 'Rao', phonenum: '9123456789' });
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Profile Updated Successfully');
      expect(r.body.data).toEqual({ firstname: 'Meenakshi', lastname: 'Rao', authtoken: u.token });
      const me = (await server().get('/getuserdata', { authtoken: u.token })).body.data;
      expect([me.firstname, me.lastname, me.phonenum, me.email]).toEqual(['Meenakshi', 'Rao', '9123456789', u.email]);
    });

    it('applies the signup rules to a profile edit', async () => {
      const u = await signedInUser(server());
      const base = { authtoken: u.token, firstname: 'A', lastname: 'B', phonenum: '9123456789' };
      expect((await server().put('/updatecus', { ...base, firstname: ' ' })).body.msg).toBe('Please Enter First Name');
      expect((await server().put('/updatecus', { ...base, lastname: '' })).body.msg).toBe('Please Enter Last Name');
      expect((await server().put('/updatecus', { ...base, phonenum: '12345' })).body.msg).toBe('Please Enter Phone number');
      const partial = await server().put('/updatecus', { authtoken: u.token, firstname: 'Only' });
      expect(partial.status).toBe(400);
      expect(partial.body.msg).toBe('Please Enter Last Name');
      expect((await server().get('/getuserdata', { authtoken: u.token })).body.data.firstname).toBe('Meera');
    });

    it('refuses an empty or mixed change', async () => {
      const u = await signedInUser(server());
      const empty = await server().put('/updatecus', { authtoken: u.token });
      expect(empty.status).toBe(400);
      expect(empty.body.msg).toMatch(/Nothing to update/);
      const mixed = await server().put('/updatecus', { authtoken: u.token, address: [address], firstname: 'A', lastname: 'B', phonenum: '9123456789' });
      expect(mixed.status).toBe(400);
      expect(mixed.body.msg).toMatch(/one change at a time/);
    });

    it('saves the address book as a list and validates every address', async () => {
      const u = await signedInUser(server());
      const second = { ...address, streetadd: '221B Baker Street', country: 'United Kingdom', state: 'London', city: 'London', postal: 'NW1 6XE' };
      const r = await server().put('/updatecus', { authtoken: u.token, address: [address, second] });
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Address Updated Successfully');
      expect(r.body.data).toEqual({ firstname: 'Meera', lastname: 'Iyer', authtoken: u.token });
      expect((await server().get('/getuserdata', { authtoken: u.token })).body.data.address).toEqual([address, second]);

      const bad: Array<[Record<string, unknown>, string]> = [
        [{ streetadd: '' }, 'Please Enter Street Address'],
        [{ landmark: undefined }, 'Please Enter Landmark'],
        [{ country: 'Narnia' }, 'Please Select Country (India, United Arab Emirate, United Kingdom, United States)'],
        [{ state: 'Texas' }, 'Please Select State (Gujarat, Maharastra, Karnataka, Dubai, London, New York)'],
        [{ city: ' ' }, 'Please Enter Town/City'],
        [{ postal: '' }, 'Please Enter Zip/Postal'],
      ];
      for (const [change, msg] of bad) {
        const res = await server().put('/updatecus', { authtoken: u.token, address: [address, { ...address, ...change }] });
        expect(res.status).toBe(400);
        expect(res.body.msg).toBe(msg);
      }
      const tooMany = await server().put('/updatecus', { authtoken: u.token, address: Array(21).fill(address) });
      expect(tooMany.status).toBe(400);
      const notList = await server().put('/updatecus', { authtoken: u.token, address: 'Residency Road' });
      expect(notList.status).toBe(400);
      // Unchanged after the refusals; deleting = sending the shorter list.
      expect((await server().get('/getuserdata', { authtoken: u.token })).body.data.address).toHaveLength(2);
      await server().put('/updatecus', { authtoken: u.token, address: [second] });
      expect((await server().get('/getuserdata', { authtoken: u.token })).body.data.address).toEqual([second]);
    });

    it('with another user’s token changes only that token’s owner', async () => {
      const alice = await signedInUser(server(), { firstname: 'Alice' });
      const bob = await signedInUser(server(), { firstname: 'Bob' });
      // Alice's token, Bob's id in the body: the id is not part of the contract and is ignored.
      const r = await server().put('/updatecus', { authtoken: alice.token, userid: bob.userid, email: bob.email, firstname: 'Mallory', lastname: 'X', phonenum: '9000000000' });
      expect(r.status).toBe(200);
      expect((await server().get('/getuserdata', { authtoken: alice.token })).body.data.firstname).toBe('Mallory');
      const bobNow = (await server().get('/getuserdata', { authtoken: bob.token })).body.data;
      expect(bobNow.firstname).toBe('Bob');
      expect(bobNow.phonenum).toBe('9876501234');
    });

    describe('password change', () => {
      it('needs the old password (proof), revokes old sessions and returns a new one', async () => {
        const u = await signedInUser(server());
        const other = (await login(server(), u.email, u.password)).body.data.authtoken;

        const wrong = await server().post('/checkuserdata', { authtoken: u.token, password: 'Nope@1234' });
        expect(wrong.status).toBe(400);
        expect(wrong.body.msg).toBe('Wrong Password');

        const noProof = await server().put('/updatecus', { authtoken: u.token, password: 'Brand@New1' });
        expect(noProof.status).toBe(400);
        expect(noProof.body.msg).toBe('Please confirm your old password first');

        const check = await server().post('/checkuserdata', { authtoken: u.token, password: u.password });
        expect(check.status).toBe(200);
        const proof = check.body.data.proof;

        const weak = await server().put('/updatecus', { authtoken: u.token, password: 'weakpass', proof });
        expect(weak.status).toBe(400);
        expect(weak.body.msg).toBe(NEW_PASSWORD_MESSAGE);

        const done = await server().put('/updatecus', { authtoken: u.token, password: 'Brand@New1', proof });
        expect(done.status).toBe(200);
        expect(done.body.msg).toBe('Password Updated Successfully');
        const fresh = done.body.data.authtoken;
        expect(fresh).not.toBe(u.token);
        expect(done.body.data.firstname).toBe('Meera');

        expect((await server().get('/getuserdata', { authtoken: u.token })).status).toBe(401);
        expect((await server().get('/getuserdata', { authtoken: other })).status).toBe(401);
        expect((await server().get('/getuserdata', { authtoken: fresh })).status).toBe(200);

        expect((await login(server(), u.email, u.password)).status).toBe(404);
        expect((await login(server(), u.email, 'Brand@New1')).status).toBe(200);

        // The proof was used up.
        const reuse = await server().put('/updatecus', { authtoken: fresh, password: 'Other@New2', proof });
        expect(reuse.status).toBe(400);
        expect(reuse.body.msg).toBe('Please confirm your old password again');
      });

      it('does not accept another user’s proof', async () => {
        const alice = await signedInUser(server());
        const bob = await signedInUser(server());
        const proof = (await server().post('/checkuserdata', { authtoken: alice.token, password: alice.password })).body.data.proof;
        const r = await server().put('/updatecus', { authtoken: bob.token, password: 'Hijack@123', proof });
        expect(r.status).toBe(400);
        expect((await login(server(), bob.email, bob.password)).status).toBe(200);
        expect((await login(server(), alice.email, alice.password)).status).toBe(200);
      });

      it('rejects an empty old password and a missing token', async () => {
        const u = await signedInUser(server());
        expect((await server().post('/checkuserdata', { authtoken: u.token, password: '' })).body.msg).toBe('Please Enter Password');
        expect((await server().post('/checkuserdata', { password: 'x' })).status).toBe(401);
        expect((await server().post('/checkuserdata', { authtoken: 'lt_nope', password: 'x' })).status).toBe(401);
      });
    });
  });

  describe('GET /productviewcart', () => {
    it('shows only the caller’s cart, whatever userid header is sent', async () => {
      const alice = await signedInUser(server());
      const bob = await signedInUser(server());
      const empty = await server().get('/productviewcart', { authtoken: alice.token });
      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual([]);

      const products = (await server().get('/products')).body.data as any[];
      const { db } = server().app.ctx;
      await db.insertInto('cart_items').values([
        { userid: alice.userid, productid: products[0].productid },
        { userid: alice.userid, productid: products[5].productid },
        { userid: bob.userid, productid: products[9].productid },
      ]).execute();

      const mine = await server().get('/productviewcart', { authtoken: alice.token, userid: String(alice.userid) });
      expect(mine.status).toBe(200);
      expect(mine.body.data).toEqual(
        [products[0], products[5]].map((p) => ({ productid: p.productid, productname: p.productname, title: p.title, price: p.price, photo: p.photo })),
      );
      const spoof = await server().get('/productviewcart', { authtoken: alice.token, userid: String(bob.userid) });
      expect(spoof.status).toBe(403);
      expect(spoof.body.data).toBeNull();
      const bobs = await server().get('/productviewcart', { authtoken: bob.token });
      expect(bobs.body.data.map((i: any) => i.productid)).toEqual([products[9].productid]);
    });

    it('answers 401 without a token, 400 for a bad userid header, 401 for a dead token', async () => {
      expect((await server().get('/productviewcart')).status).toBe(401);
      const u = await signedInUser(server());
      const bad = await server().get('/productviewcart', { authtoken: u.token, userid: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/userid/);
      expect((await server().get('/productviewcart', { authtoken: 'nope' })).status).toBe(401);
    });
  });
});
