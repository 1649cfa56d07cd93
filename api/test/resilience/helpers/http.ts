import http from 'node:http';
import net from 'node:net';

export interface RawRequest {
  method: string;
  /** Path with query, sent as is (may hold traversal, %-escapes, unicode). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text ('' for an event stream, which is closed after its headers). */
  text: string;
  /** The parsed JSON body, or undefined. */
  json: any;
}

/**
 * Sends one request with node:http (no client-side validation of JSON or content types; a new
 * connection each time so a reply that closes the connection cannot disturb the next request).
 * Event streams are closed right after their headers. Network errors reject.
 */
export function send(baseUrl: string, req: RawRequest, timeoutMs = 15_000): Promise<RawReply> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: req.headers,
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '', json: undefined });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no reply within ${timeoutMs} ms`)));
    r.on('error', reject);
    if (req.body !== undefined) r.end(req.body);
    else r.end();
  });
}

/**
 * Writes raw bytes on a TCP connection (requests node:http would refuse to send: bad header
 * bytes, lying Content-Length, garbage request lines) and resolves the status line of the first
 * reply, or 0 when the server closed the connection without one, or -1 after `timeoutMs` of silence.
 */
export function sendBytes(
  baseUrl: string,
  bytes: Buffer | string,
  timeoutMs = 3000,
): Promise<{ status: number; head: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let data = '';
    let done = false;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, head: data.split('\r\n\r\n')[0] });
    };
    const timer = setTimeout(() => finish(-1), timeoutMs);
    socket.on('data', (d) => {
      data += d.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      if (m && data.includes('\r\n\r\n')) finish(Number(m[1]));
    });
    socket.on('error', () => finish(0));
    socket.on('close', () => {
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      finish(m ? Number(m[1]) : 0);
    });
    socket.write(bytes);
  });
}
