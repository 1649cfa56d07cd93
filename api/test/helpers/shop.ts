import { PNG } from 'pngjs';
import type { JsonReply, TestServer } from './server';

/** A real PNG of the given size; `seed` changes the pixels (so the content hash). */
export function makePng(width = 4, height = 4, seed = 0): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = (i + seed * 37) & 0xff;
    png.data[i + 1] = (seed * 91) & 0xff;
    png.data[i + 2] = (i >> 8) & 0xff;
    png.data[i + 3] = 0xff;
  }
  return PNG.sync.write(png);
}

let pngSeed = 1000;
/** A PNG no other test has uploaded. */
export const uniquePng = () => makePng(3, 3, ++pngSeed);

/** POST a multipart upload (one file field) the way a browser does. */
export async function upload(
  s: TestServer,
  content: Buffer | null,
  opts: { token?: string; filename?: string; route?: string; field?: string; type?: string } = {},
): Promise<JsonReply> {
  const form = new FormData();
  if (content) form.append(opts.field ?? 'file', new Blob([new Uint8Array(content)], { type: opts.type ?? 'image/png' }), opts.filename ?? 'photo.png');
  else form.append('note', 'no file here');
  const headers: Record<string, string> = {};
  if (opts.token !== undefined) headers.authtoken = opts.token;
  const res = await fetch(s.url + (opts.route ?? '/uploadimage'), { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

export const del = (s: TestServer, route: string, body?: unknown, headers?: Record<string, string>) =>
  s.request('DELETE', route, { body, headers });

/** Uploads a fresh PNG and lists a product with it at `price`; returns the product. */
export async function listProduct(s: TestServer, token: string, price: number, name = `Test item ${price}`) {
  const up = await upload(s, uniquePng(), { token });
  expect(up.status).toBe(200);
  const r = await s.post(
    '/product',
    { productname: name, title: 'Accessories', description: `A test product costing ${price}`, price, rating: 4, location: 'Pune', photos: [up.body.data] },
    { authtoken: token },
  );
  expect(r.status).toBe(200);
  return r.body.data as { productid: number; price: number; productname: string; title: string; description: string; rating: number; photo: string; photos: string[]; userid: number };
}

export const CHECKOUT = { billname: 'Meera Iyer', billaddress: '12, MG Road, Near City Mall, Bengaluru, Karnataka, India, 560010', ordernote: 'Leave at the door', payinfo: 'cod' };
