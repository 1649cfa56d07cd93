// Helpers of the account journeys: unique users, toasts, the header's account menu,
// the mail outbox of the API (no SMTP in the test stack) and small polling waits.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { API_URL, BASE_URL, openPage } from './browser';

export interface TestUser {
  firstname: string;
  lastname: string;
  createdate: string;
  gender: 'male' | 'female';
  email: string;
  password: string;
  phonenum: string;
}

let counter = 0;

/** A user no other run or journey has used: the email carries the time and a counter. */
export function uniqueUser(tag: string, overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  const stamp = `${Date.now()}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    firstname: 'Meera',
    lastname: 'Iyer',
    createdate: '1992-04-17',
    gender: 'female',
    email: `e2e.${tag}.${stamp}@example.com`,
    password: 'Start#2024a',
    phonenum: '9876543210',
    ...overrides,
  };
}

/** Creates the account through the API (a shortcut for journeys that are not about signing up). */
export async function signUpByApi(user: TestUser): Promise<void> {
  const response = await fetch(`${API_URL}/signupcus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, address: '' }),
  });
  if (response.status !== 200) throw new Error(`signup of ${user.email} failed: ${response.status} ${await response.text()}`);
}

/** An address book entry as the API takes it (PUT /updatecus). */
export interface ApiAddress {
  streetadd: string;
  landmark: string;
  country: 'India' | 'United Arab Emirate' | 'United Kingdom' | 'United States';
  state: 'Gujarat' | 'Maharastra' | 'Karnataka' | 'Dubai' | 'London' | 'New York';
  city: string;
  postal: string;
}

/** Signs in through the API (anonymous token, then POST /logincus) and returns the login token. */
export async function loginByApi(email: string, password: string): Promise<string> {
  const anon = (await (await fetch(`${API_URL}/getanytoken`)).json()) as { data: string };
  const response = await fetch(`${API_URL}/logincus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, authtoken: anon.data }),
  });
  const body = (await response.json()) as { data?: { authtoken?: string } | null; msg?: string };
  if (response.status !== 200 || !body.data?.authtoken) throw new Error(`login of ${email} failed: ${response.status} ${body.msg}`);
  return body.data.authtoken;
}

/** Replaces the user's address book through the API (PUT /updatecus with the whole list). */
export async function saveAddressesByApi(authtoken: string, addresses: ApiAddress[]): Promise<void> {
  const response = await fetch(`${API_URL}/updatecus`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: addresses, authtoken }),
  });
  if (response.status !== 200) throw new Error(`saving addresses failed: ${response.status} ${await response.text()}`);
}

/** The page's content area (the header and footer have their own inputs, e.g. the newsletter's email). */
export function main(page: Page): Locator {
  return page.locator('main');
}

/** Waits for a react-toastify toast (role="alert") with this text. */
export async function expectToast(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
}

/** Does `action` (e.g. a click) while already watching for the toast it should bring, so a toast that closes after 1.5 s is not missed. */
export async function withToast(page: Page, text: string, action: () => Promise<unknown>, timeout = 10_000): Promise<void> {
  await Promise.all([expectToast(page, text, timeout), action()]);
}

/**
 * Starts recording the text of every alert (toasts included) that appears in the page from now on,
 * until the next full page load; the returned function reads them in order of appearance.
 */
export async function watchToasts(page: Page): Promise<() => Promise<string[]>> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate(() => {
    const w = window as unknown as { __e2eAlerts?: string[] };
    if (w.__e2eAlerts) return;
    const seen = new WeakSet<Element>();
    const alerts: string[] = [];
    w.__e2eAlerts = alerts;
    new MutationObserver(() => {
      document.querySelectorAll('[role="alert"]').forEach((el) => {
        const text = (el.textContent ?? '').trim();
        if (text && !seen.has(el)) {
          seen.add(el);
          alerts.push(text);
        }
      });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...((window as unknown as { __e2eAlerts?: string[] }).__e2eAlerts ?? [])]);
}

export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** The header's account button (its name is 'Account menu for {first name}' when signed in). */
export function accountButton(page: Page): Locator {
  return page.locator('header').getByRole('button', { name: /^Account menu/ });
}

/** Opens the header's account dropdown and returns the names of its links. */
export async function accountMenuItems(page: Page): Promise<string[]> {
  const button = accountButton(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const menuId = await button.getAttribute('aria-controls');
  const menu = page.locator(`[id="${menuId}"]`);
  await menu.waitFor({ state: 'visible' });
  return (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/** Polls `read` until `ok` holds (or the time is up) and returns the last value read. */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeout = 10_000, interval = 100): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, interval));
    value = await read();
  }
  return value;
}

/** The header's visible initial once it equals `letter` (or whatever it shows after the timeout). */
export async function headerInitial(page: Page, letter: string, timeout = 10_000): Promise<string> {
  return eventually(async () => (await accountButton(page).innerText()).trim(), (t) => t === letter, timeout);
}

/** Signs in through /login and waits for the home page. */
export async function signInByUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await fillLogin(page, email, password);
  await waitForPath(page, '/');
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  const form = main(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'LOGIN' }).click();
}

/** Decodes the quoted-printable soft breaks and escapes a mail body may carry. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest reset mail to `email` in the API's outbox ($E2E_DATA_DIR/outbox, one .eml per mail,
 * named `{ISO time}-{recipient}.eml`) that is not one of `seen`; polls until it is there.
 */
export async function readResetCode(email: string, { seen = [] as string[], timeout = 10_000 } = {}): Promise<{ code: string; file: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through e2e/run.mjs');
  const outbox = join(dataDir, 'outbox');
  const suffix = `-${email.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
  const deadline = Date.now() + timeout;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.toLowerCase().endsWith(suffix.toLowerCase()) && !seen.includes(f));
    } catch {
      // no mail written yet
    }
    const newest = files.sort().at(-1);
    if (newest) {
      const mail = decodeQuotedPrintable(readFileSync(join(outbox, newest), 'utf8'));
      const match = /reset code is:?\s*([A-Za-z0-9]{6})\b/i.exec(mail);
      if (match) return { code: match[1], file: newest };
    }
    if (Date.now() > deadline) throw new Error(`no reset mail for ${email} in ${outbox} within ${timeout} ms (files: ${files.join(', ') || 'none'})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The six code boxes of /otpresetpass. */
export function otpBoxes(page: Page): Locator[] {
  return Array.from({ length: 6 }, (_, i) => main(page).getByLabel(`Character ${i + 1} of 6`));
}

export async function otpValues(page: Page): Promise<string> {
  const values = await Promise.all(otpBoxes(page).map((box) => box.inputValue()));
  return values.map((v) => v || '_').join('');
}

/** A browser-side screenshot into the temp folder, for looking at a failed journey. */
export async function screenshotOnFailure(page: Page, name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const file = join(process.env.E2E_SCREENSHOT_DIR ?? '/tmp', `e2e-${name}-${Date.now()}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`journey ${name} failed at ${page.url()}; screenshot: ${file}`);
    throw error;
  }
}

/**
 * Runs one journey in a fresh browser context (its own session storage and cookies): a failure
 * leaves a screenshot, and an uncaught error in the page fails the journey too.
 */
export async function inFreshContext(browser: Browser, name: string, run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page, pageErrors } = await openPage(browser);
  try {
    await screenshotOnFailure(page, name, () => run(page));
    if (pageErrors.length > 0) throw new Error(`uncaught error in the page during ${name}: ${pageErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

/** The mails to `email` in the API's outbox ($E2E_DATA_DIR/outbox) whose text matches `pattern`. */
export function mailsTo(email: string, pattern: RegExp): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through e2e/run.mjs');
  const outbox = join(dataDir, 'outbox');
  const suffix = `-${email.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`.toLowerCase();
  let files: string[];
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
