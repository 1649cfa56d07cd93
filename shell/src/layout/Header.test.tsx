import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { http, useCartCount } from '@marketplace/shared';
import { currentPath, signInAs, signOut, SIGNED_IN } from '@marketplace/shared/testing';
import { fullPageLoad } from './fullPageLoad';
import { Header } from './Header';

// The edges: the browser's full page load, and the API (HTTP) behind the cart count.
jest.mock('./fullPageLoad', () => ({ fullPageLoad: jest.fn() }));

// The header's logo counts its renders: a leaf of the header's own render, which a tap on the phone
// menu must not repeat (its frame would wait for the whole header).
const mockLogoRenders = { count: 0 };
jest.mock('./icons', () => {
  const icons = jest.requireActual<typeof import('./icons')>('./icons');
  return {
    ...icons,
    LogoMark: (props: Parameters<typeof icons.LogoMark>[0]) => {
      mockLogoRenders.count += 1;
      return icons.LogoMark(props);
    },
  };
});

// A first name as typed at sign-up, lower case: the header shows its initial upper case.
const ASHA = { ...SIGNED_IN, firstname: 'asha' };

function cartReply(items: number) {
  const data = Array.from({ length: items }, (_, i) => ({ productid: i + 1 }));
  return { status: 200, data: { status: 200, msg: '', data } };
}

let httpGet: jest.SpyInstance;
beforeEach(() => {
  httpGet = jest.spyOn(http, 'get').mockResolvedValue(cartReply(0));
});
afterEach(() => {
  httpGet.mockRestore();
  useCartCount.setState({ count: 0 });
});

let navigate: NavigateFunction = () => undefined;
function Probe() {
  navigate = useNavigate();
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderHeader(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <main>
        <a href="#x">a link on the page</a>
        <Probe />
      </main>
    </MemoryRouter>,
  );
}

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('header, signed out', () => {
  it('Signin and Signup bring the visitor back to the page they were on', async () => {
    const user = userEvent.setup();
    renderHeader('/productdetails/3?from=home');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Signin' })).toHaveAttribute(
      'href',
      '/login?next=%2Fproductdetails%2F3%3Ffrom%3Dhome',
    );
    expect(screen.getByRole('link', { name: 'Signup' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fproductdetails%2F3%3Ffrom%3Dhome',
    );
  });

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
    signInAs(ASHA);
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
    signInAs(ASHA);
    renderHeader();
    expect(menuLabels()).toEqual(['NEW ARRIVALS', 'ADD PRODUCT', 'REVIEW', 'CONTACT US', 'AUCTION', 'ABOUT US', 'FAQ']);
  });

  it('follows a sign-in and a sign-out at once, without a reload', async () => {
    httpGet.mockResolvedValue(cartReply(2));
    renderHeader();
    expect(screen.queryByRole('link', { name: /^cart/i })).not.toBeInTheDocument();

    signInAs(ASHA);
    expect(screen.getByTestId('account-initial')).toHaveTextContent('A');
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ADD PRODUCT' })).toBeInTheDocument();

    signOut();
    expect(screen.getByTestId('account-user-icon')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^cart/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ADD PRODUCT' })).not.toBeInTheDocument();
  });

  it('on /logout reads no cart with the session being ended, hydrating the server HTML included', async () => {
    // The server renders signed out; while hydrating, the header renders signed out too though
    // the store already holds the session. A cart read then would race the page's logout (401).
    signInAs(ASHA);
    const page = (
      <MemoryRouter initialEntries={['/logout']}>
        <Header />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.appendChild(container);
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    expect(within(container).getByTestId('account-initial')).toHaveTextContent('A');
    expect(httpGet).not.toHaveBeenCalled();
    act(() => root?.unmount());
    container.remove();
  });

  it('shows 0 when the cart does not exist yet', async () => {
    signInAs(ASHA);
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });
});

describe('the phone header: menu drawer', () => {
  const menuButton = () => screen.getByRole('button', { name: 'Menu' });
  const drawer = () => screen.getByRole('dialog', { name: 'Menu' });
  const inertElements = () => Array.from(document.querySelectorAll('[inert]'));

  /** Opens the drawer and waits for its modal work, which follows the frame that shows it. */
  async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
    await user.click(menuButton());
    const panel = drawer();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Close menu' })).toHaveFocus());
    return panel;
  }

  function expectClosed() {
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    expect(inertElements()).toEqual([]);
    expect(document.documentElement.style.overflow).toBe('');
  }

  it('is a closed disclosure: the menu button controls a hidden panel', () => {
    renderHeader();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(menuButton().getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();
    expect(panel!.closest('[hidden]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a modal panel: focus moves into it, the rest of the page is inert and does not scroll', async () => {
    const user = userEvent.setup();
    renderHeader();
    const panel = await openDrawer(user);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('id', menuButton().getAttribute('aria-controls'));
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(within(panel).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    const links = within(within(panel).getByRole('navigation', { name: 'Main menu' })).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['NEW ARRIVALS', 'REVIEW', 'AUCTION', 'ABOUT US', 'FAQ']);
    expect(within(panel).getByRole('link', { name: /call us/i })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(within(panel).getByRole('link', { name: /email us/i })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );

    // Everything but the drawer is inert: the header's bar (menu button included), its desktop menu, the page.
    expect(menuButton().closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');
    expect(inertElements().some((el) => el.contains(panel))).toBe(false);
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('answers the tap by rendering the menu alone, not the rest of the header', () => {
    renderHeader();
    const before = mockLogoRenders.count;
    fireEvent.click(menuButton());
    expect(drawer()).toBeVisible();
    expect(mockLogoRenders.count).toBe(before);
  });

  it('answers the tap at once: the panel shows before the page is made inert, which follows the next frame', async () => {
    renderHeader();
    fireEvent.click(menuButton());
    // In the tap's own task: the panel only (restyling the whole page would delay its frame).
    expect(drawer()).toBeVisible();
    expect(inertElements()).toEqual([]);
    expect(document.documentElement.style.overflow).toBe('');
    await waitFor(() => expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert'));
    expect(within(drawer()).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('closes with Escape and gives the focus back to the menu button, leaving nothing inert', async () => {
    const user = userEvent.setup();
    renderHeader();
    const panel = await openDrawer(user);
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'NEW ARRIVALS' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expectClosed();
  });

  it('closes with its close button, by keyboard', async () => {
    const user = userEvent.setup();
    renderHeader();
    menuButton().focus();
    await user.keyboard('{Enter}');
    expect(drawer()).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expectClosed();
  });

  it('closes on a click beside the panel', async () => {
    const user = userEvent.setup();
    renderHeader();
    await openDrawer(user);
    await user.click(screen.getByTestId('menu-backdrop'));
    expectClosed();
  });

  it('navigates with a link in it and closes', async () => {
    const user = userEvent.setup();
    renderHeader();
    const panel = await openDrawer(user);
    await user.click(within(panel).getByRole('link', { name: 'ABOUT US' }));
    expect(currentPath()).toBe('/about');
    expectClosed();
  });

  it('closes on a link to the page already shown', async () => {
    const user = userEvent.setup();
    renderHeader('/faq');
    const panel = await openDrawer(user);
    expect(within(panel).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(panel).getByRole('link', { name: 'FAQ' }));
    expectClosed();
  });

  it('closes on any other navigation (a redirect, the Back button)', async () => {
    const user = userEvent.setup();
    renderHeader();
    await openDrawer(user);
    act(() => {
      void navigate('/login');
    });
    expect(currentPath()).toBe('/login');
    expectClosed();
  });

  it('offers the signed-in items to a signed-in customer', async () => {
    const user = userEvent.setup();
    signInAs(ASHA);
    renderHeader();
    const panel = await openDrawer(user);
    expect(
      within(panel)
        .getAllByRole('link')
        .slice(0, 7)
        .map((a) => a.textContent),
    ).toEqual(['NEW ARRIVALS', 'ADD PRODUCT', 'REVIEW', 'CONTACT US', 'AUCTION', 'ABOUT US', 'FAQ']);
  });

  it('leaves nothing inert and the page scrollable if the header goes away while it is open', async () => {
    const user = userEvent.setup();
    const { unmount } = renderHeader();
    await openDrawer(user);
    unmount();
    expect(inertElements()).toEqual([]);
    expect(document.documentElement.style.overflow).toBe('');
  });
});

describe('the phone header: search', () => {
  const searchButton = () => screen.getByRole('button', { name: 'Open search' });

  it('opens the search over the bar with the focus in the field; Escape closes it and returns the focus', async () => {
    const user = userEvent.setup();
    renderHeader();
    const form = screen.getByRole('search');
    expect(searchButton()).toHaveAttribute('aria-expanded', 'false');
    expect(searchButton()).toHaveAttribute('aria-controls', form.id);
    await user.click(searchButton());
    expect(searchButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveFocus();
    await user.keyboard('phone{Enter}');
    expect(fullPageLoad).toHaveBeenLastCalledWith('/newarrival/phone');
    await user.keyboard('{Escape}');
    expect(searchButton()).toHaveAttribute('aria-expanded', 'false');
    expect(searchButton()).toHaveFocus();
  });

  it('closes with its close button, on a click elsewhere and when the focus leaves it', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(searchButton());
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(searchButton()).toHaveAttribute('aria-expanded', 'false');
    expect(searchButton()).toHaveFocus();

    await user.click(searchButton());
    await user.click(screen.getByRole('main'));
    expect(searchButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(searchButton());
    await user.tab(); // the submit button: still in the search
    await user.tab(); // Close search
    expect(searchButton()).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // out of the search
    expect(searchButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
