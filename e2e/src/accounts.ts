// Helpers of the account journeys: unique users, accounts made and signed in through the API or
// the login form, the header's account menu and the reset code's boxes.
import type { Locator, Page } from 'playwright-core';
import { API_URL, BASE_URL } from './browser';
import { eventually, main, waitForPath } from './journey';

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
  if (response.status !== 200)
    throw new Error(`signup of ${user.email} failed: ${response.status} ${await response.text()}`);
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
  if (response.status !== 200 || !body.data?.authtoken)
    throw new Error(`login of ${email} failed: ${response.status} ${body.msg}`);
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

/** The header's visible initial once it equals `letter` (or whatever it shows after the timeout). */
export async function headerInitial(page: Page, letter: string, timeout = 10_000): Promise<string> {
  return eventually(
    async () => (await accountButton(page).innerText()).trim(),
    (t) => t === letter,
    timeout,
  );
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

/** The six code boxes of /otpresetpass. */
export function otpBoxes(page: Page): Locator[] {
  return Array.from({ length: 6 }, (_, i) => main(page).getByLabel(`Character ${i + 1} of 6`));
}

export async function otpValues(page: Page): Promise<string> {
  const values = await Promise.all(otpBoxes(page).map((box) => box.inputValue()));
  return values.map((v) => v || '_').join('');
}
