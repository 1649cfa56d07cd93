import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession, type Product } from '@marketplace/shared';
import { currentPath, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { PRODUCTS } from '../../testing/fixtures';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

// WISHLIST_MESSAGES of @marketplace/shared/contract (the contract's TypeBox schemas do not load in jsdom).
const MESSAGES = { removed: 'Removed from your wishlist', cleared: 'Your wishlist is empty now' };

const [HEADPHONES, SHIRT, DRONE] = PRODUCTS as [Product, Product, Product];
const page = (items: Product[], count = items.length, next: string | null = null) => ({ items, next, count });
const list = () => screen.findByRole('list', { name: 'Wishlist items' });
const names = async () =>
  within(await list())
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
const heading = () => screen.getByRole('heading', { level: 1 });

beforeEach(() => api.refreshCartCount.mockResolvedValue());

describe('/wishlist, visitor', () => {
  it('shows no sample items: an empty state with Signin and Signup that come back here', async () => {
    await renderAt('/wishlist');
    expect(heading()).toHaveTextContent(/^My Wishlist$/);
    expect(screen.queryByRole('list', { name: 'Wishlist items' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Your wishlist is kept with your account. Sign in to see it, or sign up to start one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Signin' })).toHaveAttribute('href', '/login?next=%2Fwishlist');
    expect(screen.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup?next=%2Fwishlist');
    expect(api.getWishlistPage).not.toHaveBeenCalled();
  });
});

describe('/wishlist, signed in', () => {
  beforeEach(() => signInAs());

  it("shows the user's items from the server, newest first, with the server's count", async () => {
    api.getWishlistPage.mockResolvedValue(page([DRONE, HEADPHONES], 2));
    await renderAt('/wishlist');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your wishlist');
    expect(await names()).toEqual(['Phantom Drone X', 'Wireless Headphones']);
    expect(heading()).toHaveTextContent('My Wishlist (2)');
    const drone = within(await list()).getAllByRole('listitem')[0]!;
    expect(within(drone).getByText('Electronics')).toBeInTheDocument();
    expect(within(drone).getByText('Rs. 45,999')).toBeInTheDocument();
    expect(within(drone).getByRole('link', { name: 'Phantom Drone X' })).toHaveAttribute('href', '/productdetails/3');
    expect(within(drone).getByRole('link', { name: 'VIEW: Phantom Drone X' })).toHaveAttribute(
      'href',
      '/productdetails/3',
    );
    expect(within(drone).getByRole('button', { name: 'ADD TO CART: Phantom Drone X' })).toBeEnabled();
    expect(within(drone).getByRole('button', { name: 'REMOVE: Phantom Drone X' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'CLEAR WISHLIST' })).toBeEnabled();
    expect(api.getWishlistPage).toHaveBeenCalledTimes(1);
    expect(api.getWishlistPage).toHaveBeenCalledWith({});
  });

  it('says so when the wishlist is empty', async () => {
    api.getWishlistPage.mockResolvedValue(page([]));
    await renderAt('/wishlist');
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('My Wishlist (0)');
    expect(screen.getByRole('link', { name: 'Browse new arrivals' })).toHaveAttribute('href', '/newarrival');
    expect(screen.queryByRole('button', { name: 'CLEAR WISHLIST' })).not.toBeInTheDocument();
  });

  it('loads the following page with Load more', async () => {
    const user = userEvent.setup();
    api.getWishlistPage.mockResolvedValueOnce(page([DRONE], 2, 'c1')).mockResolvedValueOnce(page([SHIRT], 2));
    await renderAt('/wishlist');
    expect(await names()).toEqual(['Phantom Drone X']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await names()).toEqual(['Phantom Drone X', 'Cotton Shirt']));
    expect(api.getWishlistPage).toHaveBeenLastCalledWith({ cursor: 'c1' });
  });

  it('REMOVE takes one off on the server: the toast, the count, and the focus goes on to the next item', async () => {
    const user = userEvent.setup();
    api.getWishlistPage.mockResolvedValue(page([DRONE, HEADPHONES, SHIRT], 3));
    api.removeFromWishlist.mockResolvedValue({ msg: MESSAGES.removed, count: 2 });
    await renderAt('/wishlist');
    await list();
    await user.click(screen.getByRole('button', { name: 'REMOVE: Wireless Headphones' }));
    expect(api.removeFromWishlist).toHaveBeenCalledWith(1);
    expect(await toastKind(MESSAGES.removed)).toBe('success');
    expect(await names()).toEqual(['Phantom Drone X', 'Cotton Shirt']);
    expect(heading()).toHaveTextContent('My Wishlist (2)');
    await waitFor(() => expect(screen.getByRole('button', { name: 'REMOVE: Cotton Shirt' })).toHaveFocus());
  });

  it('ADD TO CART moves the product: added to the cart first, then taken off the wishlist', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    api.getWishlistPage.mockResolvedValue(page([DRONE, HEADPHONES], 2));
    api.addToCart.mockImplementation(async () => {
      order.push('addToCart');
      return [];
    });
    api.removeFromWishlist.mockImplementation(async () => {
      order.push('removeFromWishlist');
      return { msg: MESSAGES.removed, count: 1 };
    });
    await renderAt('/wishlist');
    await list();
    await user.click(screen.getByRole('button', { name: 'ADD TO CART: Phantom Drone X' }));
    expect(await toastKind('Moved to your cart')).toBe('success');
    expect(order).toEqual(['addToCart', 'removeFromWishlist']);
    expect(api.addToCart).toHaveBeenCalledWith(3);
    expect(api.refreshCartCount).toHaveBeenCalled();
    expect(await names()).toEqual(['Wireless Headphones']);
    expect(heading()).toHaveTextContent('My Wishlist (1)');
  });

  it('a cart that refuses the product keeps it in the wishlist', async () => {
    const user = userEvent.setup();
    api.getWishlistPage.mockResolvedValue(page([DRONE], 1));
    api.addToCart.mockRejectedValue(new ApiError(400, 'Your cart is full (100 items): remove some before adding more'));
    await renderAt('/wishlist');
    await list();
    await user.click(screen.getByRole('button', { name: 'ADD TO CART: Phantom Drone X' }));
    expect(await toastKind('Your cart is full (100 items): remove some before adding more')).toBe('error');
    expect(api.removeFromWishlist).not.toHaveBeenCalled();
    expect(await names()).toEqual(['Phantom Drone X']);
  });

  it('CLEAR WISHLIST empties it on the server', async () => {
    const user = userEvent.setup();
    api.getWishlistPage.mockResolvedValueOnce(page([DRONE, HEADPHONES], 2)).mockResolvedValue(page([], 0));
    api.clearWishlist.mockResolvedValue({ msg: MESSAGES.cleared });
    await renderAt('/wishlist');
    await list();
    await user.click(screen.getByRole('button', { name: 'CLEAR WISHLIST' }));
    expect(api.clearWishlist).toHaveBeenCalledTimes(1);
    expect(await toastKind(MESSAGES.cleared)).toBe('success');
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('My Wishlist (0)');
  });

  it("a failed load says the spec's text with Try again", async () => {
    const user = userEvent.setup();
    api.getWishlistPage.mockRejectedValueOnce(new ApiError(500, 'boom')).mockResolvedValueOnce(page([SHIRT]));
    await renderAt('/wishlist');
    expect(await screen.findByText('Something went wrong ...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await names()).toEqual(['Cotton Shirt']);
  });

  it("an expired session signs out: the toast, and the visitor's Signin and Signup", async () => {
    api.getWishlistPage.mockRejectedValue(new ApiError(401, 'Session expired, please login again'));
    await renderAt('/wishlist');
    expect(await toastKind('Session expired, please login again')).toBe('error');
    expect(await screen.findByRole('link', { name: 'Signin' })).toHaveAttribute('href', '/login?next=%2Fwishlist');
    expect(useSession.getState().session).toBeNull();
    expect(currentPath()).toBe('/wishlist');
  });
});

describe('/wishlist after a sign-in elsewhere', () => {
  it('follows the session: signing in shows the list', async () => {
    api.getWishlistPage.mockResolvedValue(page([SHIRT]));
    await renderAt('/wishlist');
    expect(screen.getByRole('link', { name: 'Signin' })).toBeInTheDocument();
    signInAs();
    expect(await names()).toEqual(['Cotton Shirt']);
    act(() => undefined);
  });
});
