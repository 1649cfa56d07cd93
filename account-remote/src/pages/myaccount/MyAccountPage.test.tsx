import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, StaticRouter } from 'react-router-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession, type Customer, type Page, type Product } from '@marketplace/shared';
import { currentPath, customer, mockApi, signInAs, signOut } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';
import { MyAccountPage } from './MyAccountPage';

const api = mockApi();

const HOME = {
  streetadd: '12 MG Road',
  landmark: 'Near Park',
  country: 'India',
  state: 'Gujarat',
  city: 'Surat',
  postal: '395001',
} as const;
const WORK = {
  streetadd: '5 Baker St',
  landmark: 'Opp. Museum',
  country: 'United Kingdom',
  state: 'London',
  city: 'London',
  postal: 'NW1 6XE',
} as const;

/** The signed-in customer with a home and a work address. */
const withAddresses = (over: Partial<Customer> = {}): Customer =>
  customer({ address: [{ ...HOME }, { ...WORK }], ...over });

const clone = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** What the server holds: getUserData reads it, the update mocks write it (set per test). */
let stored: Customer;

beforeEach(() => {
  signInAs();
  stored = withAddresses();
  api.getOrdersPage.mockResolvedValue({ items: [], next: null });
  api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
  api.getUserData.mockImplementation(async () => clone(stored));
  api.updateProfile.mockImplementation(async (p) => {
    stored = { ...stored, ...p };
    return { firstname: p.firstname, lastname: p.lastname, authtoken: 'tok-2' };
  });
  api.updateAddresses.mockImplementation(async (list) => {
    stored = { ...stored, address: clone(list) };
    return { firstname: stored.firstname, lastname: stored.lastname, authtoken: stored.authtoken };
  });
});

describe('/myaccount', () => {
  it('sends a visitor without a session to /login, which brings them back', async () => {
    signOut();
    await renderAt('/myaccount');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fmyaccount'));
    expect(api.getUserData).not.toHaveBeenCalled();
  });

  it('shows a spinner, then greeting, menu, counters, cards and the empty Recent Orders table', async () => {
    // The customer arrives once the spinner has been seen (the page's chunk may load as long as the call).
    let answer = (): void => undefined;
    api.getUserData.mockImplementationOnce(() => new Promise((resolve) => (answer = () => resolve(clone(stored)))));
    await renderAt('/myaccount');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    act(() => answer());
    expect(await screen.findByText('Asha Verma', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home/My Account');
    const menu = screen.getByRole('navigation', { name: 'My account' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Manage My Account',
      'My Profile',
      'Address Book',
      'My Orders',
      'My Products',
      'Orders to ship',
      'My Bids',
      'Notifications',
    ]);
    const stats = screen.getByLabelText('Order summary');
    for (const label of ['Orders Placed', 'Cancel Orders', 'Wishlist']) {
      await waitFor(() => expect(within(stats).getByText(label).nextSibling).toHaveTextContent('0'));
    }
    expect(screen.getByRole('heading', { name: 'Personal Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Address Book' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Offers and Coupons' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Offers' })).toHaveAttribute('href', '/myaccount/couponoffer');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order Id', 'Date of Bill', 'Bill Name', 'Bill Amount', 'Actions']);
    expect(await within(table).findByText('No Order Pending')).toBeInTheDocument();
  });

  it('shows a name holding markup as plain text', async () => {
    stored = withAddresses({ firstname: '<script>alert(1)</script>', lastname: '<b>Rao</b>' });
    await renderAt('/myaccount/myprofile');
    expect(await screen.findByText('<script>alert(1)</script> <b>Rao</b>', { selector: 'strong' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });

  it('goes to /error404 when the user is unknown (404)', async () => {
    api.getUserData.mockRejectedValueOnce(new ApiError(404, 'User not found'));
    await renderAt('/myaccount');
    await waitFor(() => expect(currentPath()).toBe('/error404'));
  });

  it('signs out and goes to /login with a toast when the session expired (401)', async () => {
    api.getUserData.mockRejectedValueOnce(new ApiError(401, 'Session expired, please login again'));
    await renderAt('/myaccount');
    expect(await screen.findByText('Session expired, please login again')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fmyaccount'));
    expect(useSession.getState().session).toBeNull();
  });

  it("counts the wishlist as the server does (one read of the smallest page), '–' until it answers", async () => {
    let answer!: (page: Page<Product> & { count: number }) => void;
    api.getWishlistPage.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await renderAt('/myaccount');
    const stats = await screen.findByLabelText('Order summary');
    expect(within(stats).getByText('Wishlist').nextSibling).toHaveTextContent('–');
    await act(async () => answer({ items: [], next: 'c', count: 37 }));
    expect(within(stats).getByText('Wishlist').nextSibling).toHaveTextContent('37');
    expect(api.getWishlistPage).toHaveBeenCalledTimes(1);
    expect(api.getWishlistPage).toHaveBeenCalledWith({ limit: 1 });
  });
});

describe('/myaccount loaded from the server', () => {
  const MENU_LINKS = [
    'Manage My Account',
    'My Profile',
    'Address Book',
    'My Orders',
    'My Products',
    'Orders to ship',
    'My Bids',
    'Notifications',
  ];
  const routes = (
    <Routes>
      <Route path="/myaccount/*" element={<MyAccountPage />} />
      <Route path="/login" element={<p>the login page</p>} />
    </Routes>
  );
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  /** The server's HTML of `path` (it knows no session), then hydrated by the browser; resolves the page's element. */
  async function serverThenHydrated(path: string, onRecoverableError: jest.Mock): Promise<HTMLElement> {
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(<StaticRouter location={path}>{routes}</StaticRouter>);
    const menu = within(container).getByRole('navigation', { name: 'My account' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(MENU_LINKS);
    expect(within(container).getByRole('status')).toHaveTextContent('Loading your account');
    expect(container).not.toHaveTextContent('Asha');
    await act(async () => {
      root = hydrateRoot(container, <MemoryRouter initialEntries={[path]}>{routes}</MemoryRouter>, {
        onRecoverableError,
      });
    });
    return container;
  }

  it('renders its menu and a skeleton on the server, even for a signed-in shopper, who then sees their account', async () => {
    const onRecoverableError = jest.fn();
    const container = await serverThenHydrated('/myaccount/myprofile', onRecoverableError);
    expect(await within(container).findByText('Asha Verma', { selector: 'strong' })).toBeInTheDocument();
    expect(container).not.toHaveTextContent('the login page');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(api.getUserData).toHaveBeenCalledTimes(1);
  });

  it('sends a visitor without a session to /login once hydrated, without reading the account', async () => {
    signOut();
    const onRecoverableError = jest.fn();
    const container = await serverThenHydrated('/myaccount', onRecoverableError);
    expect(await within(container).findByText('the login page')).toBeInTheDocument();
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(api.getUserData).not.toHaveBeenCalled();
  });
});

describe('/myaccount/myprofile and /myaccount/editprofile', () => {
  it('shows the profile with its edit and change-password links', async () => {
    await renderAt('/myaccount/myprofile');
    const details = await screen.findByText('Full Name');
    const list = details.closest('dl')!;
    expect(list).toHaveTextContent('Asha Verma');
    expect(list).toHaveTextContent('asha.verma@example.com');
    expect(list).toHaveTextContent('9876543210');
    expect(list).toHaveTextContent('1990-01-01');
    expect(list).toHaveTextContent('Female');
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/myaccount/editprofile');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/changepassword');
  });

  it('checks the fields with the signup rules and keeps the email read-only', async () => {
    const user = userEvent.setup();
    await renderAt('/myaccount/editprofile');
    const phone = await screen.findByLabelText(/^Phone/);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    await user.clear(phone);
    await user.type(phone, '12345');
    expect(screen.getByText('Please Enter Phone number')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^First Name/));
    expect(screen.getByText('Please Enter First Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SAVE CHANGES' })).toBeDisabled();
  });

  it('saves, stores the refreshed session (the header initial follows) and returns to the profile', async () => {
    const user = userEvent.setup();
    await renderAt('/myaccount/editprofile');
    const first = await screen.findByLabelText(/^First Name/);
    await user.clear(first);
    await user.type(first, 'Meera');
    await user.clear(screen.getByLabelText(/^Last Name/));
    await user.type(screen.getByLabelText(/^Last Name/), 'Shah');
    await user.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    expect(api.updateProfile).toHaveBeenCalledWith({ firstname: 'Meera', lastname: 'Shah', phonenum: '9876543210' });
    await waitFor(() => expect(currentPath()).toBe('/myaccount/myprofile'));
    expect(useSession.getState().session).toEqual({ firstname: 'Meera', lastname: 'Shah', authtoken: 'tok-2' });
    expect(JSON.parse(sessionStorage.getItem('data')!).firstname).toBe('Meera');
    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(screen.getByText('Full Name').closest('dl')).toHaveTextContent('Meera Shah');
  });
});

describe('address book', () => {
  it('lists the addresses, each with Edit and Delete', async () => {
    await renderAt('/myaccount/addressbook');
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('12 MG Road');
    expect(within(rows[2]).getByRole('link', { name: 'Edit address 5 Baker St' })).toHaveAttribute(
      'href',
      '/myaccount/editaddress?index=1',
    );
    expect(screen.getByRole('link', { name: 'Add New Address' })).toHaveAttribute('href', '/myaccount/addaddress');
  });

  it('shows an empty state when no address is saved', async () => {
    stored = customer();
    await renderAt('/myaccount/addressbook');
    expect(await screen.findByText(/No address saved yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('Delete saves the list without the chosen address', async () => {
    const user = userEvent.setup();
    await renderAt('/myaccount/addressbook');
    await user.click(await screen.findByRole('button', { name: 'Delete address 5 Baker St' }));
    expect(api.updateAddresses).toHaveBeenCalledWith([HOME]);
    await waitFor(() => expect(screen.queryByText('5 Baker St')).not.toBeInTheDocument());
    expect(screen.getByText('12 MG Road')).toBeInTheDocument();
    expect(await screen.findByText('Address Deleted Successfully')).toBeInTheDocument();
  });

  it('Add requires every field, then appends the new address to the list and returns to the book', async () => {
    const user = userEvent.setup();
    await renderAt('/myaccount/addaddress');
    await user.click(await screen.findByRole('button', { name: 'ADD ADDRESS' }));
    for (const msg of [
      'Please Enter Street Address',
      'Please Enter Landmark',
      'Please Select Country',
      'Please Select State/Province',
      'Please Enter Town/City',
      'Please Enter Zip/Postal',
    ]) {
      expect(screen.getByText(msg)).toBeInTheDocument();
    }
    expect(api.updateAddresses).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Street Address/), '9 Lake View');
    await user.type(screen.getByLabelText(/^Landmark/), 'Behind Mall');
    await user.selectOptions(screen.getByLabelText(/^Country/), 'United States');
    await user.selectOptions(screen.getByLabelText(/^State\/Province/), 'New York');
    await user.type(screen.getByLabelText(/^Town\/City/), 'Albany');
    await user.type(screen.getByLabelText(/^Zip\/Postal/), '12207');
    await user.click(screen.getByRole('button', { name: 'ADD ADDRESS' }));
    expect(api.updateAddresses).toHaveBeenCalledWith([
      HOME,
      WORK,
      {
        streetadd: '9 Lake View',
        landmark: 'Behind Mall',
        country: 'United States',
        state: 'New York',
        city: 'Albany',
        postal: '12207',
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe('/myaccount/addressbook'));
  });

  it('Edit saves the chosen address changed, in its place, and returns to the book', async () => {
    const user = userEvent.setup();
    await renderAt('/myaccount/editaddress?index=1');
    const city = await screen.findByLabelText(/^Town\/City/);
    expect(screen.getByLabelText(/^Street Address/)).toHaveValue('5 Baker St');
    await user.clear(city);
    await user.type(city, 'Westminster');
    await user.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }));
    expect(api.updateAddresses).toHaveBeenCalledWith([HOME, { ...WORK, city: 'Westminster' }]);
    await waitFor(() => expect(currentPath()).toBe('/myaccount/addressbook'));
  });

  it('Edit of an address that does not exist says so instead of a form', async () => {
    await renderAt('/myaccount/editaddress?index=5');
    expect(await screen.findByText(/This address was not found/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SAVE ADDRESS' })).not.toBeInTheDocument();
  });
});
