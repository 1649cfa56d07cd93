/**
 * Accounts: signing up (POST /signupcus): the spec's rules and messages, one account per email in
 * any case, over real HTTP on PGlite and PostgreSQL.
 */
import { describeEachDatabase } from './helpers/server';
import { newUser, signedInUser } from './helpers/accounts';

describeEachDatabase('accounts: sign-up', (server) => {
  describe('POST /signupcus', () => {
    it('creates an account and never returns the password or its hash', async () => {
      const user = newUser();
      const r = await server().post('/signupcus', user);
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Account Created Successfully');
      expect(r.body.data).toEqual({
        userid: expect.any(Number),
        firstname: 'Meera',
        lastname: 'Iyer',
        email: user.email,
      });
      expect(JSON.stringify(r.body)).not.toMatch(/Secret@123|scrypt/);
      const row = await server()
        .app.ctx.db.selectFrom('users')
        .select('password_hash')
        .where('userid', '=', r.body.data.userid)
        .executeTakeFirstOrThrow();
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
});
