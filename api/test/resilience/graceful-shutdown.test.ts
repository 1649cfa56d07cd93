/**
 * SIGTERM on a real API process (`node --import tsx api/src/main.ts`), on PGlite and on PostgreSQL:
 * /readyz answers 503 at once; open event streams (an item's bids, the catalogue's changes) get a
 * `retry:` and a last `reconnect` event, then end; a request in flight is answered and its work
 * kept; the process exits 0. One that cannot finish is cut after SHUTDOWN_TIMEOUT_SECONDS (exit 1).
 */
import net from 'node:net';
import { OPERATIONS_TEXTS, STREAM_RECONNECT_MS } from '@marketplace/contract';
import { createPostgresDatabase, DATABASES, type DbKind } from '../helpers/server';
import { openEventStream, openSseStream, readEventStream } from '../helpers/auctions';
import { send } from './helpers/http';
import { pgliteFolder, startApi, type ApiProcess } from './helpers/processes';
import { remoteAuction, remoteUser } from './helpers/setup';

/** Resolves once `check()` holds (polled); the test's own timeout bounds it. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

/** What the server answers to `expect: 100-continue` once it has read a request's head. */
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

/** A POST whose headers and first half of the body are sent now, the rest when `finish()` is called. */
function halfSentPost(url: string, path: string, body: unknown) {
  const { hostname, port } = new URL(url);
  const text = Buffer.from(JSON.stringify(body));
  const socket = net.connect(Number(port), hostname);
  let reply = '';
  socket.on('data', (d) => (reply += d));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  // `expect: 100-continue`: the server's 100 says it has read the request's head, so the request is
  // in flight (not a connection still waiting for one) when the test goes on.
  const sent = new Promise<void>((resolve) => {
    socket.on('connect', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: ${text.length}\r\nexpect: 100-continue\r\n\r\n`,
      ),
    );
    const onData = () => {
      if (!reply.startsWith(CONTINUE)) return;
      socket.off('data', onData);
      socket.write(text.subarray(0, 10), () => resolve());
    };
    socket.on('data', onData);
  });
  return {
    sent,
    finish: () => void socket.write(text.subarray(10)),
    /** The reply's status and JSON body, once the server closes the connection. */
    async reply(): Promise<{ status: number; body: unknown; text: string }> {
      await closed;
      const answer = reply.startsWith(CONTINUE) ? reply.slice(CONTINUE.length) : reply;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const json = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        /* not JSON */
      }
      return { status, body: parsed, text: answer };
    },
  };
}

describe.each(DATABASES)('SIGTERM on an API process [$name]', ({ kind }: { kind: DbKind }) => {
  let cleanup: () => Promise<void> = async () => undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    if (kind === 'postgres') {
      const db = await createPostgresDatabase();
      env = { DATABASE_URL: db.url, SEED: 'false' };
      cleanup = () => db.drop();
    } else {
      const folder = await pgliteFolder();
      env = { DATA_DIR: folder.dir, DATABASE_URL: '', SEED: 'false' };
      cleanup = async () => folder.remove();
    }
  }, 60_000);
  afterAll(() => cleanup());

  it('turns not ready, tells streams to reconnect, answers the request in flight, and exits 0', async () => {
    // A second before it stops accepting: a load balancer sees /readyz turn 503 meanwhile.
    const api: ApiProcess = await startApi({ ...env, SHUTDOWN_DELAY_SECONDS: '1' });
    try {
      const seller = await remoteUser(api.url, 'Seller');
      const auctionid = await remoteAuction(api.url, seller);
      const bids = await openEventStream(api.url, auctionid);
      const changes = await openSseStream(`${api.url}/catalogue/changes`);
      const raw: string[] = [];
      const rawStream = await fetch(`${api.url}/auctionevents/${auctionid}`);
      const rawDone = readEventStream(
        new ReadableStream({
          async start(controller) {
            const reader = rawStream.body!.getReader();
            for (;;) {
              const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
              if (done) break;
              raw.push(new TextDecoder().decode(value));
              controller.enqueue(value!);
            }
            controller.close();
          },
        }),
        () => undefined,
      );
      expect((await send(api.url, { method: 'GET', path: '/readyz', headers: {} })).status).toBe(200);

      const email = `late.${Date.now()}@example.com`;
      const signup = halfSentPost(api.url, '/signupcus', {
        firstname: 'Late',
        lastname: 'Comer',
        createdate: '1990-01-01',
        gender: 'female',
        email,
        password: 'Secret@123',
        phonenum: '9876543210',
      });
      await signup.sent;

      api.child.kill('SIGTERM');
      let probe = await send(api.url, { method: 'GET', path: '/readyz', headers: {} });
      await until(
        async () => (probe = await send(api.url, { method: 'GET', path: '/readyz', headers: {} })).status === 503,
      );
      expect(probe.json).toEqual({ status: 503, msg: OPERATIONS_TEXTS.shuttingDown, data: null });
      expect(probe.headers['cache-control']).toBe('no-store');

      // Once it stops accepting, each stream's last event says to reconnect, after a retry: line.
      const last = { type: 'reconnect', msg: OPERATIONS_TEXTS.streamClosing };
      expect((await bids.next((e) => e.event === 'reconnect', 15_000)).data).toEqual(last);
      expect((await changes.next((e) => e.event === 'reconnect', 15_000)).data).toEqual(last);
      await rawDone;
      expect(raw.join('')).toMatch(new RegExp(`retry: ${STREAM_RECONNECT_MS}\\nevent: reconnect\\ndata: .*\\n\\n$`));
      expect(bids.events.at(-1)!.event).toBe('reconnect');

      // The request in flight is still answered, and what it did is kept.
      expect(api.child.exitCode).toBeNull();
      signup.finish();
      const reply = await signup.reply();
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ status: 200 });
      const code = await api.exited;
      expect({ code, output: api.output() }).toEqual({
        code: 0,
        output: expect.stringMatching(/Marketplace API stopped/),
      });
      bids.close();
      changes.close();

      const again = await startApi(env);
      try {
        const anon = (await send(again.url, { method: 'GET', path: '/getanytoken', headers: {} })).json.data;
        const body = JSON.stringify({ email, password: 'Secret@123', authtoken: anon });
        const login = await send(again.url, {
          method: 'POST',
          path: '/logincus',
          headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
          body,
        });
        expect(login.status).toBe(200);
      } finally {
        await again.stop();
      }
    } finally {
      await api.kill();
    }
  }, 90_000);

  it('cuts a request that never finishes after SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const api = await startApi({ ...env, SHUTDOWN_TIMEOUT_SECONDS: '1' });
    try {
      const stuck = halfSentPost(api.url, '/signupcus', {
        firstname: 'Never',
        lastname: 'Done',
        email: 'x@example.com',
      });
      await stuck.sent;
      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(1);
      expect(api.output()).toMatch(/Shutdown took more than 1 s, exiting/);
    } finally {
      await api.kill();
    }
  }, 60_000);
});
