import http from 'node:http';
import zlib from 'node:zlib';

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with node:http: only the headers given (fetch adds an Accept-Encoding and decodes), the body as sent. */
export function raw(
  base: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<RawReply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: opts.method ?? 'GET', headers: opts.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The body decoded as its Content-Encoding says. */
export function decoded(r: RawReply): Buffer {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(r.body);
  if (coding === 'gzip') return zlib.gunzipSync(r.body);
  if (coding === undefined) return r.body;
  throw new Error(`unexpected content-encoding ${coding}`);
}

/** A raw reply's headers but those of the connection, sorted. */
export function headersOfRaw(r: RawReply): Array<[string, unknown]> {
  return Object.entries(r.headers)
    .filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
}
