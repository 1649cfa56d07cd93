import { startServer, type TestServer } from '../helpers/server';

// A body is read as UTF-8; one that says it is something else would be read wrong, so it is refused.
describe('request bodies in another charset than UTF-8', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite');
  });
  afterAll(async () => {
    await s?.stop();
  });

  const contactCount = async () =>
    Number(
      (
        await s.app.ctx.db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const message = (n: number) =>
    JSON.stringify({
      name: 'Asha Verma',
      email: `asha${n}@example.com`,
      subject: `Order question ${n}`,
      msg: 'Where is my order?',
    });

  it('are refused with 415 and change nothing; UTF-8, named or not, is read', async () => {
    const before = await contactCount();
    for (const charset of ['utf-16', 'UTF-16LE', 'iso-8859-1', '"latin1"']) {
      const r = await s.request('POST', '/contact', {
        raw: message(1),
        headers: { 'content-type': `application/json; charset=${charset}` },
      });
      expect(r.status).toBe(415);
      expect(r.body.msg).toMatch(/^Send the body as UTF-8 \(charset=utf-8\), not /);
    }
    expect(await contactCount()).toBe(before);
    for (const [n, type] of [
      [2, 'application/json; charset=utf-8'],
      [3, 'application/json; charset="UTF-8"'],
      [4, 'application/json'],
    ] as const) {
      const r = await s.request('POST', '/contact', { raw: message(n), headers: { 'content-type': type } });
      expect(r.status).toBe(200);
    }
    expect(await contactCount()).toBe(before + 3);
  });
});
