// Helpers of the shop journeys: a shopper with an address (made through the API), the header's
// cart badge and search box, catalogue look-ups and small PNG files to upload.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { loginByApi, saveAddressesByApi, signUpByApi, uniqueUser, type ApiAddress, type TestUser } from './accounts';
import { eventually } from './journey';
import { API_URL } from './browser';

export interface CatalogueProduct {
  productid: number;
  productname: string;
  title: string;
  price: number;
}

/** A delivery address as the address book stores it (the spec's country and state options). */
export const HOME_ADDRESS: ApiAddress = {
  streetadd: '12 MG Road',
  landmark: 'Near City Mall',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  postal: '560001',
};

/** How the checkout shows a saved address: its parts joined with commas. */
export function addressLine(a: ApiAddress): string {
  return [a.streetadd, a.landmark, a.city, a.state, a.country, a.postal].join(', ');
}

/** A new customer, made and given one address through the API (journeys that are not about accounts). */
export async function shopperWithAddress(tag: string, address: ApiAddress = HOME_ADDRESS): Promise<TestUser> {
  const user = uniqueUser(tag);
  await signUpByApi(user);
  const token = await loginByApi(user.email, user.password);
  await saveAddressesByApi(token, [address]);
  return user;
}

/** Every product of the catalogue (GET /products, page by page). */
export async function catalogue(): Promise<CatalogueProduct[]> {
  const products: CatalogueProduct[] = [];
  let cursor: string | null = null;
  do {
    const response = await fetch(`${API_URL}/products?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    if (response.status !== 200) throw new Error(`GET /products failed: ${response.status}`);
    const page = (await response.json()) as { data: CatalogueProduct[]; next: string | null };
    products.push(...page.data);
    cursor = page.next;
  } while (cursor);
  return products;
}

/** Shipping (billtax) by the server's rule: free when the items total is Rs. 500 or more, else Rs. 50. */
export function shippingFor(itemsTotal: number): number {
  return itemsTotal >= 500 ? 0 : 50;
}

/**
 * 'Rs. {amount}' as the pages write money: Indian digit grouping (Rs. 1,50,000), paise only when
 * the amount has them. Intl's en-IN here, a reference independent of the pages' own formatter.
 */
export function rs(amount: number): string {
  const paise = Math.round(amount * 100) % 100 !== 0;
  return `Rs. ${amount.toLocaleString('en-IN', { minimumFractionDigits: paise ? 2 : 0, maximumFractionDigits: paise ? 2 : 0 })}`;
}

/** The header's cart link (its name is 'Cart, {n} item(s)'; shown when signed in). */
export function cartLink(page: Page): Locator {
  return page.locator('header').getByRole('link', { name: /^Cart, \d+ items?$/ });
}

/** Waits until the header's cart badge shows `count`; returns what it shows then. */
export async function cartBadge(page: Page, count: number, timeout = 10_000): Promise<string> {
  await cartLink(page).waitFor({ timeout });
  return eventually(
    async () => (await cartLink(page).innerText()).trim(),
    (text) => text === String(count),
    timeout,
  );
}

/** Types `term` into the header's search box and submits it (a full page load to /newarrival/{term}). */
export async function searchFromHeader(page: Page, term: string): Promise<void> {
  const box = page.locator('header').getByRole('searchbox', { name: 'Search products' });
  await box.fill(term);
  await box.press('Enter');
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/newarrival/${term}`, { timeout: 15_000 });
}

/** The product grid of /newarrival and its search results. */
export function productList(page: Page): Locator {
  return page.locator('main').getByRole('list', { name: 'Products' });
}

/** A product's card in the grid, found by the link of its name. */
export function productLink(page: Page, productname: string): Locator {
  return productList(page).getByRole('link', { name: productname, exact: true });
}

let pngCounter = 0;

/** A small valid PNG; `seed` changes the pixels (and so the server's content hash). */
export function makePng(seed: number, width = 24, height = 24): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 10 + seed * 53) & 0xff;
      png.data[i + 1] = (y * 10 + seed * 29) & 0xff;
      png.data[i + 2] = (seed * 97) & 0xff;
      png.data[i + 3] = 0xff;
    }
  }
  return PNG.sync.write(png);
}

/** Folders writePngFiles made; removed when the test process ends. */
const pngDirs: string[] = [];
process.on('exit', () => {
  for (const dir of pngDirs) rmSync(dir, { recursive: true, force: true });
});

/** Writes `count` PNG files no other run has made into a new temp folder (removed at exit); returns their paths. */
export function writePngFiles(count: number, prefix = 'photo'): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'marketplace-e2e-png-'));
  pngDirs.push(dir);
  const base = Date.now() % 100_000;
  return Array.from({ length: count }, (_, i) => {
    pngCounter += 1;
    const file = join(dir, `${prefix}-${i + 1}.png`);
    writeFileSync(file, makePng(base + pngCounter * 7 + Math.floor(Math.random() * 1000)));
    return file;
  });
}

// ---------------------------------------------------------------- listings, wishlist and price alerts through the API

export interface ListedProduct {
  productid: number;
  productname: string;
  title: string;
  price: number;
  userid: number;
}

async function api<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { authtoken: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

let seed = Math.floor(Math.random() * 10_000);

/** Uploads a fresh PNG (POST /uploadimage) and lists a product with it (POST /product); returns the product. */
export async function listProductByApi(
  token: string,
  product: {
    productname: string;
    title?: string;
    description?: string;
    price: number;
    rating?: number;
    location?: string;
    /** Units in stock (Add Product asks for them since issue 26); 20 when not given. */
    stock?: number;
  },
): Promise<ListedProduct> {
  seed += 1;
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(makePng(seed * 13 + (Date.now() % 997)))], { type: 'image/png' }),
    `listing-${seed}.png`,
  );
  const upload = await fetch(`${API_URL}/uploadimage`, { method: 'POST', headers: { authtoken: token }, body: form });
  const uploaded = (await upload.json()) as { data: string; msg: string };
  if (upload.status !== 200) throw new Error(`upload failed: ${upload.status} ${uploaded.msg}`);
  const { status, json } = await api<{ data: ListedProduct; msg: string }>('POST', '/product', token, {
    title: 'Electronics',
    description: `${product.productname}, listed by a journey.`,
    rating: 4,
    location: 'Pune',
    stock: 20,
    ...product,
    photos: [uploaded.data],
  });
  if (status !== 200) throw new Error(`listing ${product.productname} failed: ${status} ${json.msg}`);
  return json.data;
}

/** POST /pricealerts: the user asks to be mailed when the product's price drops. */
export async function watchPriceByApi(token: string, productid: number): Promise<void> {
  const { status, json } = await api<{ msg: string }>('POST', '/pricealerts', token, { productid });
  if (status !== 200) throw new Error(`price alert failed: ${status} ${json.msg}`);
}

/** GET /wishlist's count for the user. */
export async function wishlistCountByApi(token: string): Promise<number> {
  const { json } = await api<{ count: number }>('GET', '/wishlist?limit=1', token);
  return json.count;
}

/** Any authenticated call, answered status and body (a journey that checks a refusal). */
export function callApi<T = { msg: string }>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return api<T>(method, path, token, body);
}
