import net from 'node:net';
import { eventually, startServer, type TestServer } from '../helpers/server';

/** Sends the head of a POST with a body it never finishes; resolves with what the server answers. */
function trickle(url: string, path: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"`,
      );
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

// A client that sends a body one byte at a time (or stops) must not hold a socket for ever.
describe('slow request bodies', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { requestTimeoutSeconds: 1 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('are answered 408 in the API shape and their connection closed, once the request time is up', async () => {
    const answer = await trickle(s.url, '/contact');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"msg":"The request took too long to arrive"');
    // The server still answers everyone else.
    expect((await s.get('/health')).status).toBe(200);
  });
});

/** Opens a connection; resolves with it once connected, or with null if the server closes it first. */
function connect(url: string): Promise<net.Socket | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let settled = false;
    const settle = (value: net.Socket | null) => {
      if (!settled) resolve(value);
      settled = true;
    };
    // A connection the server keeps stays open; one it refuses is closed straight away.
    socket.once('connect', () => socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n'));
    socket.once('data', () => settle(socket));
    socket.once('close', () => settle(null));
    socket.on('error', () => settle(null));
  });
}

// 992 connections from one client made everyone else's requests fail on a limit of 1,024 open files.
describe('connections per client', () => {
  let s: TestServer;
  const held: net.Socket[] = [];
  beforeAll(async () => {
    s = await startServer('pglite', { maxConnectionsPerClient: 3 });
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await s?.stop();
  });

  it('are capped per address: one more is closed at once, and a closed one gives its place back', async () => {
    for (let i = 0; i < 3; i++) {
      const socket = await connect(s.url);
      expect(socket).not.toBeNull();
      held.push(socket!);
    }
    expect(await connect(s.url)).toBeNull();
    held.pop()!.destroy();
    const again = await eventually(
      () => connect(s.url),
      (socket) => socket !== null,
    );
    expect(again).not.toBeNull();
    held.push(again!);
  });
});
