import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession, type Product, type ProductSearch } from '@marketplace/shared';
import { mockApi, signInAs, signOut, toastKind } from '@marketplace/shared/testing';
import { PRODUCTS } from '../../testing/fixtures';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();
const HEADPHONES = PRODUCTS[0];

/** The search as the API answers it over `catalogue`: the category's (any case), newest first, one page of `limit`. */
function searchOver(catalogue: Product[]) {
  return async (query: ProductSearch) => {
    const matches = catalogue
      .filter((p) => query.category === undefined || p.title.toLowerCase() === query.category.toLowerCase())
      .sort((a, b) => b.productid - a.productid);
    const limit = query.limit ?? 48;
    return {
      products: matches.slice(0, limit),
      hasMore: matches.length > limit,
      next: matches.length > limit ? 'more' : null,
    };
  };
}

beforeEach(() => {
  api.searchProducts.mockImplementation(searchOver(PRODUCTS));
  api.getProducts.mockResolvedValue(PRODUCTS);
});

describe('product details', () => {
  it('shows a spinner, then the name, price, description, photo and an Add to Cart link', async () => {
    api.getProduct.mockResolvedValue(HEADPHONES);
    await renderAt('/productdetails/1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading product');

    expect(await screen.findByRole('heading', { level: 1, name: 'Wireless Headphones' })).toBeInTheDocument();
    expect(api.getProduct).toHaveBeenCalledWith(1);
    const product = screen.getByRole('article');
    expect(within(product).getByText('Rs. 2,999')).toBeInTheDocument();
    expect(within(product).getByText('Wireless Headphones: a sample description.')).toBeInTheDocument();
    expect(within(product).getByText('Electronics', { selector: 'p' })).toBeInTheDocument();
    expect(within(product).getByRole('img', { name: 'Wireless Headphones' })).toHaveAttribute(
      'src',
      'http://localhost:4000/images/1.png',
    );
    expect(within(product).getByRole('link', { name: 'Add to Cart' })).toHaveAttribute('href', '/viewcart/1');
    // A visitor signs in first and comes back to this product.
    expect(within(product).getByRole('link', { name: 'Add to Wishlist' })).toHaveAttribute(
      'href',
      '/login?next=%2Fproductdetails%2F1',
    );
    expect(within(product).getByRole('link', { name: 'Email me when the price drops' })).toHaveAttribute(
      'href',
      '/login?next=%2Fproductdetails%2F1',
    );
  });

  it('shows a struck-through higher price, stars, tags and related products', async () => {
    api.getProduct.mockResolvedValue(HEADPHONES);
    await renderAt('/productdetails/1');
    await screen.findByRole('heading', { level: 1, name: 'Wireless Headphones' });

    const was = screen.getByText((_, el) => el?.tagName === 'DEL');
    expect(was).toHaveTextContent('Was Rs. 3,749');
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Headphones' })).toHaveAttribute('href', '/newarrival/Headphones');

    const related = await screen.findByRole('list', { name: 'Related products' });
    const names = within(related)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    // The same category first (newest first), then the newest of the others; never the product itself.
    expect(names).toEqual(['Sky Drone Mini', 'Phantom Drone X', 'Denim Shirt', 'Leather Wallet']);
  });

  it('takes related products from bounded searches, never the whole catalogue', async () => {
    api.getProduct.mockResolvedValue(HEADPHONES);
    await renderAt('/productdetails/1');
    await screen.findByRole('list', { name: 'Related products' });
    // Two others in its category are too few: the newest fill up.
    expect(api.searchProducts.mock.calls).toEqual([
      [{ productname: '', category: 'Electronics', limit: 5 }],
      [{ productname: '', limit: 8 }],
    ]);
    expect(api.getProducts).not.toHaveBeenCalled();
  });

  it('needs one search when the category has enough other products', async () => {
    const gadgets = [1, 2, 3, 4, 5, 6].map((n) => ({ ...HEADPHONES, productid: 10 + n, productname: `Gadget ${n}` }));
    api.searchProducts.mockImplementation(searchOver([...PRODUCTS, ...gadgets]));
    api.getProduct.mockResolvedValue(gadgets[5]);
    await renderAt('/productdetails/16');
    const related = await screen.findByRole('list', { name: 'Related products' });
    expect(
      within(related)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Gadget 5', 'Gadget 4', 'Gadget 3', 'Gadget 2']);
    expect(api.searchProducts.mock.calls).toEqual([[{ productname: '', category: 'Electronics', limit: 5 }]]);
  });

  it('says the product was not found for an unknown id, with a way back to new arrivals', async () => {
    api.getProduct.mockRejectedValue(new ApiError(404, 'Product not found'));
    await renderAt('/productdetails/999');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse new arrivals' })).toHaveAttribute('href', '/newarrival');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('treats an id that is not a number as not found without calling the API', async () => {
    await renderAt('/productdetails/abc');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(api.getProduct).not.toHaveBeenCalled();
  });

  it("shows 'Something went wrong ...' when the API cannot be reached", async () => {
    api.getProduct.mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt('/productdetails/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong ...');
    expect(screen.queryByRole('heading', { name: 'Product not found' })).not.toBeInTheDocument();
  });

  it("offers the photo as AVIF and WebP copies for the page's width, the PNG with its width and height as the fallback", async () => {
    const sources = {
      width: 400,
      height: 400,
      avif: 'http://localhost:4000/images/1-320.avif 320w, http://localhost:4000/images/1-400.avif 400w',
      webp: 'http://localhost:4000/images/1-320.webp 320w, http://localhost:4000/images/1-400.webp 400w',
    };
    // A product of its own: a page read once is kept, and the next test watches product 1 load.
    api.getProduct.mockResolvedValue({ ...HEADPHONES, productid: 41, photoSources: sources });
    await renderAt('/productdetails/41');
    const product = await screen.findByRole('article');
    const photo = within(product).getByRole('img', { name: 'Wireless Headphones' });
    const sourcesShown = [...(photo.closest('picture') as HTMLElement).querySelectorAll('source')];
    expect(sourcesShown.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', sources.avif],
      ['image/webp', sources.webp],
    ]);
    // Full width on a phone, half the page beside the details on a wide screen.
    for (const s of sourcesShown) expect(s.getAttribute('sizes')).toMatch(/100vw$/);
    expect(photo).toHaveAttribute('src', 'http://localhost:4000/images/1.png');
    expect(photo).toHaveAttribute('width', '600');
    expect(photo).toHaveAttribute('height', '600');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
  });
});

describe('product details: wishlist and price-drop alert (issue 18)', () => {
  const heart = () => screen.getByRole('button', { name: 'Add to Wishlist' });
  const bell = () => screen.getByRole('button', { name: 'Email me when the price drops' });

  beforeEach(() => {
    signInAs();
    api.getProduct.mockResolvedValue(HEADPHONES);
    api.getWishlistPage.mockResolvedValue({ items: [HEADPHONES], next: null, count: 1 });
    api.getPriceAlert.mockResolvedValue(false);
  });

  it('shows both as toggles with their state for a signed-in shopper, read once each', async () => {
    await renderAt('/productdetails/1');
    await screen.findByRole('heading', { level: 1, name: 'Wireless Headphones' });
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(bell()).toBeEnabled());
    expect(bell()).toHaveAttribute('aria-pressed', 'false');
    expect(api.getWishlistPage).toHaveBeenCalledTimes(1);
    expect(api.getPriceAlert).toHaveBeenCalledTimes(1);
    expect(api.getPriceAlert).toHaveBeenCalledWith(1);
    // No link to /login any more: a signed-in shopper is never bounced to /alreadyloggedin.
    expect(screen.queryByRole('link', { name: 'Add to Wishlist' })).not.toBeInTheDocument();
  });

  it('the heart removes the product and adds it back, with the server’s messages', async () => {
    const user = userEvent.setup();
    api.removeFromWishlist.mockResolvedValue({ msg: 'Removed from your wishlist', count: 0 });
    api.addToWishlist.mockResolvedValue({ msg: 'Added to your wishlist', count: 1 });
    await renderAt('/productdetails/1');
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart());
    expect(api.removeFromWishlist).toHaveBeenCalledWith(1);
    expect(await toastKind('Removed from your wishlist')).toBe('success');
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart());
    expect(api.addToWishlist).toHaveBeenCalledWith(1);
    expect(await toastKind('Added to your wishlist')).toBe('success');
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
  });

  it("'Email me when the price drops' records the alert and says so; pressing it again removes it", async () => {
    const user = userEvent.setup();
    api.setPriceAlert
      .mockResolvedValueOnce({ msg: 'We will email you when the price drops', watching: true })
      .mockResolvedValueOnce({ msg: 'Price alert removed: we will not email you about this product', watching: false });
    await renderAt('/productdetails/1');
    await waitFor(() => expect(bell()).toBeEnabled());
    await user.click(bell());
    expect(api.setPriceAlert).toHaveBeenLastCalledWith(1, true);
    expect(await toastKind('We will email you when the price drops')).toBe('success');
    expect(bell()).toHaveAttribute('aria-pressed', 'true');
    await user.click(bell());
    expect(api.setPriceAlert).toHaveBeenLastCalledWith(1, false);
    expect(await toastKind('Price alert removed: we will not email you about this product')).toBe('success');
    expect(bell()).toHaveAttribute('aria-pressed', 'false');
  });

  it('an alert already recorded shows pressed', async () => {
    api.getPriceAlert.mockResolvedValue(true);
    await renderAt('/productdetails/1');
    await waitFor(() => expect(bell()).toHaveAttribute('aria-pressed', 'true'));
  });

  it('a full alert list (409) is an error toast and the bell stays off', async () => {
    const user = userEvent.setup();
    api.setPriceAlert.mockRejectedValue(
      new ApiError(409, 'You already watch 200 products: remove an alert to add another'),
    );
    await renderAt('/productdetails/1');
    await waitFor(() => expect(bell()).toBeEnabled());
    await user.click(bell());
    expect(await toastKind('You already watch 200 products: remove an alert to add another')).toBe('error');
    expect(bell()).toHaveAttribute('aria-pressed', 'false');
  });

  it('an expired session signs out with its message, and the actions become sign-in links back here', async () => {
    api.getWishlistPage.mockRejectedValue(new ApiError(401, 'Session expired, please login again'));
    await renderAt('/productdetails/1');
    expect(await toastKind('Session expired, please login again')).toBe('error');
    expect(useSession.getState().session).toBeNull();
    expect(await screen.findByRole('link', { name: 'Add to Wishlist' })).toHaveAttribute(
      'href',
      '/login?next=%2Fproductdetails%2F1',
    );
  });

  it('a visitor makes no wishlist or alert call', async () => {
    signOut();
    await renderAt('/productdetails/1');
    await screen.findByRole('heading', { level: 1, name: 'Wireless Headphones' });
    expect(api.getWishlistPage).not.toHaveBeenCalled();
    expect(api.getPriceAlert).not.toHaveBeenCalled();
  });
});
