/**
 * Accounts: the caller's own record (GET /getuserdata) and its changes (PUT /updatecus: profile,
 * addresses, password), over real HTTP on PGlite and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { login, signedInUser } from './helpers/accounts';

const NEW_PASSWORD_MESSAGE =
  'Password should contain Uppercase, Lowercase, Special Symbol and Length should be greater 8';

describeEachDatabase('accounts: profile', (server) => {
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
      const r = await server().put('/updatecus', {
        authtoken: u.token,
        firstname: 'Meenakshi',
        lastname: 'Rao',
        phonenum: '9123456789',
      });
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
      expect((await server().put('/updatecus', { ...base, phonenum: '12345' })).body.msg).toBe(
        'Please Enter Phone number',
      );
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
      const mixed = await server().put('/updatecus', {
        authtoken: u.token,
        address: [address],
        firstname: 'A',
        lastname: 'B',
        phonenum: '9123456789',
      });
      expect(mixed.status).toBe(400);
      expect(mixed.body.msg).toMatch(/one change at a time/);
    });

    it('saves the address book as a list and validates every address', async () => {
      const u = await signedInUser(server());
      const second = {
        ...address,
        streetadd: '221B Baker Street',
        country: 'United Kingdom',
        state: 'London',
        city: 'London',
        postal: 'NW1 6XE',
      };
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
        const res = await server().put('/updatecus', {
          authtoken: u.token,
          address: [address, { ...address, ...change }],
        });
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
      const r = await server().put('/updatecus', {
        authtoken: alice.token,
        userid: bob.userid,
        email: bob.email,
        firstname: 'Mallory',
        lastname: 'X',
        phonenum: '9000000000',
      });
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
        const proof = (await server().post('/checkuserdata', { authtoken: alice.token, password: alice.password })).body
          .data.proof;
        const r = await server().put('/updatecus', { authtoken: bob.token, password: 'Hijack@123', proof });
        expect(r.status).toBe(400);
        expect((await login(server(), bob.email, bob.password)).status).toBe(200);
        expect((await login(server(), alice.email, alice.password)).status).toBe(200);
      });

      it('rejects an empty old password and a missing token', async () => {
        const u = await signedInUser(server());
        expect((await server().post('/checkuserdata', { authtoken: u.token, password: '' })).body.msg).toBe(
          'Please Enter Password',
        );
        expect((await server().post('/checkuserdata', { password: 'x' })).status).toBe(401);
        expect((await server().post('/checkuserdata', { authtoken: 'lt_nope', password: 'x' })).status).toBe(401);
      });
    });
  });
});
