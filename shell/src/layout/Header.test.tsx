import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http, useCartCount, useSession } from '@marketplace/shared';
import { fullPageLoad } from './fullPageLoad';
import { Header } from './Header';

// The edges: the browser's full page load, and the API (HTTP) behind the cart count.
jest.mock('./fullPageLoad', () => ({ fullPageLoad: jest.fn() }));

const ASHA = { firstname: 'asha', lastname: 'Rao', authtoken: 'token-asha' };

function cartReply(items: number) {
  const data = Array.from({ length: items }, (_, i) => ({ productid: i + 1 }));
  return { data: { status: 200, msg: '', data } };
}

let httpGet: jest.SpyInstance;
beforeEach(() => {
  httpGet = jest.spyOn(http, 'get').mockResolvedValue(cartReply(0));
});
afterEach(() => {
  httpGet.mockRestore();
  act(() => useSession.getState().signOut());
  useCartCount.setState({ count: 0 });
});

function renderHeader() {
  return render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );
}

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('header, signed out', () => {
  it('shows a user icon, Signup and Signin, and no cart', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(screen.getByTestId('account-user-icon')).toBeInTheDocument();
    expect(screen.queryByTestId('account-initial')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /cart/i })).not.toBeInTheDocument();

    const account = screen.getByRole('button', { name: 'Account menu' });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Signin' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
  });

  it('shows the public menu items', () => {
    renderHeader();
    expect(menuLabels()).toEqual(['NEW ARRIVALS', 'REVIEW', 'AUCTION', 'ABOUT US', 'FAQ']);
    expect(screen.getByRole('link', { name: 'AUCTION' })).toHaveAttribute('href', '/auctionhome');
  });

  it('links the logo home and offers phone and mail', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Marketplace home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /call us/i })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(screen.getByRole('link', { name: /email us/i })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  it('searches with a full page load of /newarrival/{term}', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'red shoes{Enter}');
    expect(fullPageLoad).toHaveBeenLastCalledWith('/newarrival/red%20shoes');
    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(fullPageLoad).toHaveBeenLastCalledWith('/newarrival');
  });
});

describe('header, signed in', () => {
  it("shows the first name's initial, Account and Logout, and the cart with its real count", async () => {
    const user = userEvent.setup();
    httpGet.mockResolvedValue(cartReply(3));
    act(() => useSession.getState().signIn(ASHA));
    renderHeader();

    expect(screen.getByTestId('account-initial')).toHaveTextContent('A');
    expect(screen.queryByTestId('account-user-icon')).not.toBeInTheDocument();
    const cart = await screen.findByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveAttribute('href', '/viewcart');
    expect(within(cart).getByTestId('cart-badge')).toHaveTextContent('3');
    expect(httpGet).toHaveBeenCalledWith('/productviewcart', { headers: { authtoken: 'token-asha' } });

    await user.click(screen.getByRole('button', { name: 'Account menu for asha' }));
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/myaccount');
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(screen.queryByRole('link', { name: 'Signin' })).not.toBeInTheDocument();
  });

  it('shows every menu item, in the spec order', () => {
    act(() => useSession.getState().signIn(ASHA));
    renderHeader();
    expect(menuLabels()).toEqual(['NEW ARRIVALS', 'ADD PRODUCT', 'REVIEW', 'CONTACT US', 'AUCTION', 'ABOUT US', 'FAQ']);
  });

  it('follows a sign-in and a sign-out at once, without a reload', async () => {
    httpGet.mockResolvedValue(cartReply(2));
    renderHeader();
    expect(screen.queryByRole('link', { name: /^cart/i })).not.toBeInTheDocument();

    act(() => useSession.getState().signIn(ASHA));
    expect(screen.getByTestId('account-initial')).toHaveTextContent('A');
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ADD PRODUCT' })).toBeInTheDocument();

    act(() => useSession.getState().signOut());
    expect(screen.getByTestId('account-user-icon')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^cart/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ADD PRODUCT' })).not.toBeInTheDocument();
  });

  it('shows 0 when the cart does not exist yet', async () => {
    act(() => useSession.getState().signIn(ASHA));
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });
});
