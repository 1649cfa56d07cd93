// Helpers of the wishlist, price-alert and seller journeys (issue 18): listings and alerts made
// through the API, the price-drop mail in the API's outbox, axe-core, and screenshots at two widths.
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { API_URL } from './browser';
import { makePng } from './shop';

export interface ListedProduct {
  productid: number;
  productname: string;
  title: string;
  price: number;
  userid: number;
}

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: T }> {
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
  product: { productname: string; title?: string; description?: string; price: number; rating?: number; location?: string },
): Promise<ListedProduct> {
  seed += 1;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePng(seed * 13 + Date.now() % 997))], { type: 'image/png' }), `listing-${seed}.png`);
  const upload = await fetch(`${API_URL}/uploadimage`, { method: 'POST', headers: { authtoken: token }, body: form });
  const uploaded = (await upload.json()) as { data: string; msg: string };
  if (upload.status !== 200) throw new Error(`upload failed: ${upload.status} ${uploaded.msg}`);
  const { status, json } = await api<{ data: ListedProduct; msg: string }>('POST', '/product', token, {
    title: 'Electronics',
    description: `${product.productname}, listed by a journey.`,
    rating: 4,
    location: 'Pune',
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
export function callApi<T = { msg: string }>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: T }> {
  return api<T>(method, path, token, body);
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The mails to `email` in the API's outbox ($E2E_DATA_DIR/outbox) whose text matches `pattern`. */
export function mailsTo(email: string, pattern: RegExp): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through e2e/run.mjs');
  const outbox = join(dataDir, 'outbox');
  const suffix = `-${email.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`.toLowerCase();
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.toLowerCase().endsWith(suffix));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(join(outbox, f), 'utf8')))
    .filter((mail) => pattern.test(mail));
}

/** Waits for a mail to `email` matching `pattern`; returns it. */
export async function waitForMail(email: string, pattern: RegExp, timeout = 10_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = mailsTo(email, pattern);
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${pattern} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core on the page as it is now (as accessibility.test.ts runs it): the serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(() =>
    (window as unknown as { axe: { run(o: object): Promise<{ violations: unknown[] }> } }).axe
      .run({ resultTypes: ['violations'] })
      .then((r) => r.violations),
  )) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 6).map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * With E2E_SCREENSHOT_DIR set, screenshots of the page (whole, or the view at `scrollTo`) at 1280 and 390 px wide
 * (`{name}-1280.png`, `{name}-390.png`); the viewport is put back to 1280 × 900 after.
 */
export async function screenshotWidths(page: Page, name: string, { fullPage = true, scrollTo }: { fullPage?: boolean; scrollTo?: string } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (scrollTo) await page.locator(scrollTo).first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
