// Auction items and bids made through the API, for journeys that start from an item on sale.
import assert from 'node:assert/strict';
import { API_URL } from './browser';
import { callApi, makePng } from './shop';

/**
 * Puts an item up as `token`'s user (a fresh photo, then POST /addauction); resolves its id.
 * `endsInMs`: how long until its end (default two days).
 */
export async function auctionByApi(
  token: string,
  productname: string,
  bid: number,
  { endsInMs = 2 * 86_400_000 }: { endsInMs?: number } = {},
): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePng(Date.now() % 99_991))], { type: 'image/png' }), 'lot.png');
  const upload = await fetch(`${API_URL}/uploadimage`, { method: 'POST', headers: { authtoken: token }, body: form });
  const photo = ((await upload.json()) as { data: string }).data;
  const { status, json } = await callApi<{ msg: string; data: { auctionid: number } }>('POST', '/addauction', token, {
    username: 'Kavya Arts',
    bid,
    rangelowbid: Math.max(0, bid - 200),
    rangehighbid: bid * 5,
    productname,
    category: 'Painting',
    description: 'Watercolour on paper, framed.',
    ageproduct: '2 years',
    time: new Date(Date.now() + endsInMs).toISOString(),
    photos: [photo],
  });
  assert.equal(status, 200, json.msg);
  return json.data.auctionid;
}

/** A plain bid (a maximum equal to it) as `token`'s user. */
export async function bidByApi(token: string, auctionid: number, bid: number): Promise<void> {
  const { status, json } = await callApi('PUT', '/updatebiduser', token, { auctionid, bid });
  assert.equal(status, 200, json.msg);
}
