import net from 'node:net';
import { startServer, type TestServer } from '../helpers/server';

/** Sends the head of a POST with a body it never finishes; resolves with what the server answers. */
function trickle(url: string, path: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"`);
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
