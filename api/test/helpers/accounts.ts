import type { TestServer } from './server';

let counter = 0;

/** A valid signup payload with a unique email. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstname: 'Meera',
    lastname: 'Iyer',
    createdate: '1995-06-15',
    gender: 'female',
    email: `meera.${tag}@example.com`,
    password: 'Secret@123',
    phonenum: '9876501234',
    address: '',
    ...overrides,
  };
}

export async function anonToken(s: TestServer): Promise<string> {
  const r = await s.get('/getanytoken');
  expect(r.status).toBe(200);
  return r.body.data;
}

export async function login(s: TestServer, email: string, password: string) {
  return s.post('/logincus', { email, password, authtoken: await anonToken(s) });
}

/** Signs up and logs in a fresh user; returns its credentials and login token. */
export async function signedInUser(s: TestServer, overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const signup = await s.post('/signupcus', user);
  expect(signup.status).toBe(200);
  const res = await login(s, user.email, user.password);
  expect(res.status).toBe(200);
  return { ...user, token: res.body.data.authtoken as string, userid: signup.body.data.userid as number };
}
