// Account journeys (issue 3): sign-up, sign-in, profile, address book, password change,
// password reset by the emailed code, and the signed-in user's view of /login and /signup.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { API_URL, BASE_URL, launchBrowser, openPage } from '../src/browser';
import {
  accountButton,
  accountMenuItems,
  fillLogin,
  headerInitial,
  otpBoxes,
  otpValues,
  signInByUi,
  signUpByApi,
  uniqueUser,
  type TestUser,
} from '../src/accounts';
import { appStarted, eventually, expectToast, main, screenshotOnFailure, waitForPath } from '../src/journey';
import { readResetCode } from '../src/mail';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Runs one journey in a fresh browser context; a failure leaves a screenshot in /tmp. */
async function journey(name: string, run: (page: Page) => Promise<void>, clipboard = false): Promise<void> {
  const { context, page, pageErrors } = await openPage(browser);
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  try {
    await screenshotOnFailure(page, name, () => run(page));
    assert.deepEqual(pageErrors, [], 'no uncaught error in the page');
  } finally {
    await context.close();
  }
}

async function signUpByUi(page: Page, user: TestUser): Promise<void> {
  await page.goto(`${BASE_URL}/signup`);
  const form = main(page);
  await form.getByRole('heading', { name: 'Create Account' }).waitFor();
  // The form comes rendered from the server: its fields unlock one by one once the page is hydrated.
  await appStarted(page);
  const fields = {
    firstname: form.getByLabel('First Name'),
    lastname: form.getByLabel('Last Name'),
    createdate: form.getByLabel('Birthday'),
    gender: form.getByLabel('Gender'),
    email: form.getByLabel('Email'),
    password: form.getByLabel('Password'),
    phonenum: form.getByLabel('Phone'),
  };
  const create = form.getByRole('button', { name: 'CREATE' });
  const order = Object.keys(fields) as (keyof typeof fields)[];
  /** Fields up to `open` (an index in `order`) are enabled, every later one is locked. */
  const expectUnlockedUpTo = async (open: number) => {
    const enabled = await Promise.all(order.map((name) => fields[name].isEnabled()));
    assert.deepEqual(
      enabled,
      order.map((_, i) => i <= open),
      `fields unlocked up to ${order[open]}`,
    );
  };

  await expectUnlockedUpTo(0);
  assert.equal(await create.isDisabled(), true, 'CREATE is disabled on an empty form');

  await fields.firstname.fill(user.firstname);
  await expectUnlockedUpTo(1);
  await fields.lastname.fill(user.lastname);
  await expectUnlockedUpTo(2);
  await fields.createdate.fill(user.createdate);
  await expectUnlockedUpTo(3);
  await fields.gender.selectOption({ label: user.gender === 'female' ? 'Female' : 'Male' });
  await expectUnlockedUpTo(4);

  // A malformed email keeps the password locked and says so.
  await fields.email.fill('meera@ex');
  await form.getByText('Please Enter Email').waitFor();
  await expectUnlockedUpTo(4);
  await fields.email.fill(user.email);
  await form.getByText('Please Enter Email').waitFor({ state: 'detached' });
  await expectUnlockedUpTo(5);

  // A weak password keeps the phone locked.
  await fields.password.fill('weakpass');
  await form.getByText('Please Enter Password').waitFor();
  await expectUnlockedUpTo(5);
  await fields.password.fill(user.password);
  await expectUnlockedUpTo(6);
  assert.equal(await create.isDisabled(), true, 'CREATE stays disabled until the phone passes');

  await fields.phonenum.fill(user.phonenum.slice(0, 9));
  assert.equal(await create.isDisabled(), true, 'nine digits are not a phone number');
  await fields.phonenum.fill(user.phonenum);
  assert.equal(await create.isEnabled(), true, 'CREATE opens once every field passes');

  await create.click();
  await expectToast(page, 'Account Created Successfully');
  await waitForPath(page, '/login');
}

interface Row {
  street: string;
  landmark: string;
  city: string;
  state: string;
  country: string;
  postal: string;
}
type NewAddress = Row;

/** The rows of the address book table as the user reads them ([] when it says there is none). */
async function addressRows(page: Page): Promise<Row[]> {
  const form = main(page);
  await form.getByRole('heading', { name: 'Address Book' }).waitFor();
  await form.locator('table tbody tr').or(form.getByText('No address saved yet.')).first().waitFor();
  const cells = await form
    .locator('table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
  return cells.map(([street, landmark, city, state, country, postal]) => ({
    street,
    landmark,
    city,
    state,
    country,
    postal,
  }));
}

async function expectAddressRows(page: Page, expected: Row[]): Promise<void> {
  const rows = await eventually(
    () => addressRows(page),
    (r) => JSON.stringify(r) === JSON.stringify(expected),
  );
  assert.deepEqual(rows, expected);
}

async function fillAddress(page: Page, a: NewAddress): Promise<void> {
  const form = main(page);
  await form.getByLabel('Street Address').fill(a.street);
  await form.getByLabel('Landmark').fill(a.landmark);
  await form.getByLabel('Country').selectOption({ label: a.country });
  await form.getByLabel('State/Province').selectOption({ label: a.state });
  await form.getByLabel('Town/City').fill(a.city);
  await form.getByLabel('Zip/Postal').fill(a.postal);
}

async function expectSignedOutHeader(page: Page): Promise<void> {
  await eventually(
    () => accountButton(page).getAttribute('aria-label'),
    (l) => l === 'Account menu',
  );
  assert.equal(await accountButton(page).getAttribute('aria-label'), 'Account menu');
  assert.deepEqual(await accountMenuItems(page), ['Signup', 'Signin']);
  await accountButton(page).click(); // close it again
}

/** On /logout: the goodbye texts, then the home page (its 2-second delay is LogoutPage.test.tsx's, on a fake clock). */
async function expectLogoutPage(page: Page): Promise<void> {
  await waitForPath(page, '/logout');
  await main(page).getByRole('heading', { name: 'Thanks you! Visit again' }).waitFor();
  await main(page).getByText('Successfully Logout').waitFor();
  await expectSignedOutHeader(page);
  await waitForPath(page, '/', 10_000);
}

test('sign up, sign in, edit the profile, manage addresses, change the password, log out, sign in with the new password', async () => {
  const user = uniqueUser('journey');
  const newPassword = 'Changed#2025b';
  await journey('signup-journey', async (page) => {
    await signUpByUi(page, user);

    // Sign in: the header shows the first name's initial and Account/Logout.
    await main(page).getByRole('heading', { name: 'Login' }).waitFor();
    await fillLogin(page, user.email, user.password);
    await waitForPath(page, '/');
    assert.equal(await headerInitial(page, 'M'), 'M');
    assert.equal(await accountButton(page).getAttribute('aria-label'), `Account menu for ${user.firstname}`);
    assert.deepEqual(await accountMenuItems(page), ['Account', 'Logout']);
    await page.locator('header').getByRole('link', { name: 'Account', exact: true }).click();
    await waitForPath(page, '/myaccount');
    const area = main(page);
    await area.getByRole('heading', { name: 'Manage My Account' }).waitFor();
    await area.getByText(`${user.firstname} ${user.lastname}`).first().waitFor();

    // Profile: My Profile shows what was signed up with; Edit Profile changes the first name.
    await area.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My Profile' }).click();
    await waitForPath(page, '/myaccount/myprofile');
    await area.getByRole('heading', { name: 'My Profile' }).waitFor();
    const detail = (label: string) => area.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    assert.equal(await detail('Full Name').innerText(), `${user.firstname} ${user.lastname}`);
    assert.equal(await detail('Email').innerText(), user.email);
    assert.equal(await detail('Gender').innerText(), 'Female');
    await area.getByRole('link', { name: 'Edit Profile' }).click();
    await waitForPath(page, '/myaccount/editprofile');
    assert.equal(await area.getByLabel('First Name').inputValue(), user.firstname);
    assert.equal(await area.getByLabel('Email').isEditable(), false, 'the email is read-only');
    await area.getByLabel('First Name').fill('');
    await area.getByText('Please Enter First Name').waitFor();
    assert.equal(await area.getByRole('button', { name: 'SAVE CHANGES' }).isDisabled(), true);
    await area.getByLabel('First Name').fill('Kavya');
    await area.getByLabel('Phone').fill('9123456780');
    await area.getByRole('button', { name: 'SAVE CHANGES' }).click();
    await expectToast(page, 'Profile Updated Successfully');
    await waitForPath(page, '/myaccount/myprofile');
    assert.equal(await headerInitial(page, 'K', 5000), 'K', 'the header initial follows the new first name at once');
    assert.equal(await detail('Full Name').innerText(), `Kavya ${user.lastname}`);
    assert.equal(await detail('Phone').innerText(), '9123456780');
    await area.getByText(`Kavya ${user.lastname}`).first().waitFor(); // the greeting

    // Address book: add two, edit one, delete one.
    await area.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Address Book' }).click();
    await waitForPath(page, '/myaccount/addressbook');
    await expectAddressRows(page, []);
    const home: NewAddress = {
      street: '12 MG Road',
      landmark: 'Near City Mall',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      postal: '560001',
    };
    const office: NewAddress = {
      street: '7 Baker Street',
      landmark: 'Opposite the park',
      city: 'London',
      state: 'London',
      country: 'United Kingdom',
      postal: 'NW1 6XE',
    };
    for (const address of [home, office]) {
      await area.getByRole('link', { name: 'Add New Address' }).click();
      await waitForPath(page, '/myaccount/addaddress');
      await fillAddress(page, address);
      await area.getByRole('button', { name: 'ADD ADDRESS' }).click();
      await expectToast(page, 'Address Added Successfully');
      await waitForPath(page, '/myaccount/addressbook');
    }
    await expectAddressRows(page, [home, office]);

    await area.getByRole('link', { name: `Edit address ${home.street}` }).click();
    await waitForPath(page, '/myaccount/editaddress');
    assert.equal(
      await area.getByLabel('Street Address').inputValue(),
      home.street,
      'the form starts with the chosen address',
    );
    assert.equal(await area.getByLabel('Town/City').inputValue(), home.city);
    const movedHome: NewAddress = { ...home, street: '44 Brigade Road', city: 'Mysuru', postal: '570001' };
    await fillAddress(page, movedHome);
    await area.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await expectToast(page, 'Address Updated Successfully');
    await waitForPath(page, '/myaccount/addressbook');
    await expectAddressRows(page, [movedHome, office]);

    await area.getByRole('button', { name: `Delete address ${office.street}` }).click();
    await expectToast(page, 'Address Deleted Successfully');
    await expectAddressRows(page, [movedHome]);
    await page.reload();
    await expectAddressRows(page, [movedHome]);

    // Change password: a wrong current password is refused, the right one leads to the new password.
    await area.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My Profile' }).click();
    await area.getByRole('link', { name: 'Change Password' }).click();
    await waitForPath(page, '/changepassword');
    await area.getByLabel('Current Password').fill('Wrong#2024x');
    await area.getByRole('button', { name: 'CONTINUE' }).click();
    await expectToast(page, 'Wrong Password');
    assert.equal(new URL(page.url()).pathname, '/changepassword');
    await area.getByLabel('Current Password').fill(user.password);
    await area.getByRole('button', { name: 'CONTINUE' }).click();
    await waitForPath(page, '/newpassword');
    await area.getByRole('textbox', { name: 'New Password' }).fill('short');
    await area.getByRole('button', { name: 'SAVE PASSWORD' }).click();
    await area
      .getByText('Password should contain Uppercase, Lowercase, Special Symbol and Length should be greater 8')
      .waitFor();
    assert.equal(new URL(page.url()).pathname, '/newpassword');
    await area.getByRole('textbox', { name: 'New Password' }).fill(newPassword);
    await area.getByRole('button', { name: 'SAVE PASSWORD' }).click();
    await expectToast(page, 'Password Updated Successfully');
    await expectLogoutPage(page);

    // The old password no longer works; the new one does.
    await page.goto(`${BASE_URL}/login`);
    await fillLogin(page, user.email, user.password);
    await expectToast(page, 'Wrong Email or Password');
    assert.equal(new URL(page.url()).pathname, '/login');
    await fillLogin(page, user.email, newPassword);
    await waitForPath(page, '/');
    assert.equal(await headerInitial(page, 'K'), 'K');
    assert.deepEqual(await accountMenuItems(page), ['Account', 'Logout']);
  });
});

test('forgot password: the code from the mail, typed and pasted into the six boxes, leads to a new password', async () => {
  const user = uniqueUser('reset', { firstname: 'Ravi', lastname: 'Kumar', gender: 'male' });
  const newPassword = 'Reset#2025c';
  await signUpByApi(user);
  await journey(
    'reset-journey',
    async (page) => {
      await page.goto(`${BASE_URL}/login`);
      await main(page).getByRole('link', { name: 'Forgot password?' }).click();
      await waitForPath(page, '/forgetpassword');
      // The login page stays on screen (with an Email field of its own) until this page's code is in.
      await main(page).getByRole('heading', { name: 'Forgot Password' }).waitFor();
      await main(page).getByLabel('Email').fill(user.email);
      await main(page).getByRole('button', { name: 'SEND CODE' }).click();
      await waitForPath(page, '/otpresetpass');
      await main(page).getByText(user.email).waitFor(); // 'If {email} is registered, a 6-character code is on its way there.'

      const { code } = await readResetCode(user.email);
      assert.match(code, /^\d{6}$/);
      const boxes = otpBoxes(page);
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

      // Typing auto-advances; backspace on an empty box clears the previous one and goes back.
      await boxes[0].click();
      await page.keyboard.type(code.slice(0, 3));
      assert.equal(await otpValues(page), `${code.slice(0, 3)}___`);
      assert.equal(await focused(), 'Character 4 of 6');
      await page.keyboard.press('Backspace');
      assert.equal(await otpValues(page), `${code.slice(0, 2)}____`);
      assert.equal(await focused(), 'Character 3 of 6');

      // Pasting the whole code into any box fills all six.
      await page.evaluate((text) => navigator.clipboard.writeText(text), code);
      await page.keyboard.press('ControlOrMeta+V');
      assert.equal(
        await eventually(
          () => otpValues(page),
          (v) => v === code,
          3000,
        ),
        code,
      );

      // 'Validate' becomes a spinner while the check is under way (the reply is held back until it is seen).
      let releaseCheck!: () => void;
      const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
      await page.route(`${API_URL}/otpemailcheck`, async (route) => {
        await checkHeld;
        await route.continue();
      });
      await main(page).getByRole('button', { name: 'Validate' }).click();
      await main(page)
        .locator('button[aria-busy="true"]')
        .getByRole('status')
        .filter({ hasText: 'Checking the code' })
        .waitFor();
      releaseCheck();
      await waitForPath(page, '/newpassword');
      await page.unroute(`${API_URL}/otpemailcheck`);

      await main(page).getByText('Choose a new password. You will then sign in with it.').waitFor();
      await main(page).getByRole('textbox', { name: 'New Password' }).fill(newPassword);
      await main(page).getByRole('button', { name: 'SAVE PASSWORD' }).click();
      await expectToast(page, 'Password Updated Successfully');
      await expectLogoutPage(page);

      await page.goto(`${BASE_URL}/login`);
      await fillLogin(page, user.email, newPassword);
      await waitForPath(page, '/');
      assert.equal(await headerInitial(page, 'R'), 'R');
      assert.deepEqual(await accountMenuItems(page), ['Account', 'Logout']);
    },
    true,
  );
});

test('a signed-in user who opens /login or /signup lands on /alreadyloggedin', async () => {
  const user = uniqueUser('already', { firstname: 'Tara', lastname: 'Shah' });
  await signUpByApi(user);
  await journey('already-logged-in', async (page) => {
    await signInByUi(page, user.email, user.password);
    assert.equal(await headerInitial(page, 'T'), 'T');
    for (const path of ['/login', '/signup']) {
      await page.goto(`${BASE_URL}${path}`);
      await waitForPath(page, '/alreadyloggedin');
      await main(page).getByRole('heading', { name: 'You are already logged in' }).waitFor();
      await main(page).getByText(`You are signed in as ${user.firstname} ${user.lastname}`).waitFor();
      assert.equal(await main(page).getByLabel('Email').count(), 0, `no sign-in form after opening ${path}`);
    }
  });
});

test('a wrong reset code gives the toast Wrong OTP and goes to /login', async () => {
  const user = uniqueUser('wrongotp', { firstname: 'Neha', lastname: 'Joshi' });
  await signUpByApi(user);
  await journey('wrong-otp', async (page) => {
    await page.goto(`${BASE_URL}/forgetpassword`);
    await main(page).getByLabel('Email').fill(user.email);
    await main(page).getByRole('button', { name: 'SEND CODE' }).click();
    await waitForPath(page, '/otpresetpass');
    const { code } = await readResetCode(user.email);
    const wrong = [...code].map((d) => String((Number(d) + 1) % 10)).join('');
    await otpBoxes(page)[0].click();
    await page.keyboard.type(wrong);
    assert.equal(await otpValues(page), wrong);
    await main(page).getByRole('button', { name: 'Validate' }).click();
    await expectToast(page, 'Wrong OTP');
    await waitForPath(page, '/login');
    await main(page).getByRole('heading', { name: 'Login' }).waitFor();
  });
});
