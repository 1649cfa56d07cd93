import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Product, type SearchPage } from '@marketplace/shared';
import { mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { PRODUCTS } from '../../testing/fixtures';
import { renderAt } from '../../testing/renderAt';
import { HERO_INTERVAL_MS } from './HeroCarousel';

const api = mockApi();
const DRONES = PRODUCTS.filter((p) => /drone/i.test(p.productname));

/** A catalogue far larger than TOP TRENDING. */
const CATALOGUE: Product[] = Array.from({ length: 120 }, (_, i) => ({
  ...PRODUCTS[i % PRODUCTS.length],
  productid: 100 + i,
  productname: `Catalogue item ${i}`,
}));

function card(name: string): HTMLElement {
  return screen.getByRole('link', { name }).closest('article') as HTMLElement;
}

beforeEach(() => {
  api.searchProducts.mockResolvedValue({ products: DRONES, hasMore: false, next: null });
  api.getProducts.mockResolvedValue(CATALOGUE);
  api.getProductsPage.mockResolvedValue({ items: CATALOGUE.slice(0, 48), next: 'more' });
  api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
});
afterEach(() => jest.useRealTimers());

describe('home page', () => {
  it('shows a spinner while loading, then the trending products with category, name, stars and Rs. price', async () => {
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    await renderAt('/');

    const trending = screen.getByRole('region', { name: 'TOP TRENDING' });
    expect(within(trending).getByRole('status')).toHaveTextContent('Loading products');

    const grid = await screen.findByRole('list', { name: 'Top trending products' });
    expect(within(trending).queryByRole('status')).not.toBeInTheDocument();
    expect(api.getTrendingProducts).toHaveBeenCalledWith();
    expect(within(grid).getAllByRole('listitem')).toHaveLength(PRODUCTS.length);

    const headphones = within(grid)
      .getByRole('link', { name: 'Wireless Headphones' })
      .closest('article') as HTMLElement;
    expect(within(headphones).getByText('Electronics')).toBeInTheDocument();
    expect(within(headphones).getByText('Rs. 2,999')).toBeInTheDocument();
    expect(within(headphones).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    const photo = within(headphones).getByRole('img', { name: 'Wireless Headphones' });
    expect(photo).toHaveAttribute('src', 'http://localhost:4000/images/1.png');
    // The first row is in view under the hero: its photos load at once, the first before all.
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
    const photos = within(grid).getAllByRole('img', { name: (name) => PRODUCTS.some((p) => p.productname === name) });
    expect(photos.map((p) => p.getAttribute('loading'))).toEqual(PRODUCTS.map((_, i) => (i < 4 ? 'eager' : 'lazy')));
    expect(photos.filter((p) => p.hasAttribute('fetchpriority'))).toEqual([photo]);
    expect(photo).toHaveAttribute('width');
    expect(photo).toHaveAttribute('height');
    expect(within(grid).getByRole('link', { name: 'Wireless Headphones' })).toHaveAttribute(
      'href',
      '/productdetails/1',
    );
  });

  it("offers each card's photo as AVIF and WebP copies sized for the card, the PNG with its width and height as the fallback", async () => {
    const sources = {
      width: 400,
      height: 400,
      avif: 'http://localhost:4000/images/1-160.avif 160w, http://localhost:4000/images/1-400.avif 400w',
      webp: 'http://localhost:4000/images/1-160.webp 160w, http://localhost:4000/images/1-400.webp 400w',
    };
    api.getTrendingProducts.mockResolvedValue([{ ...PRODUCTS[0], photoSources: sources }, PRODUCTS[1]]);
    await renderAt('/');
    const grid = await screen.findByRole('list', { name: 'Top trending products' });

    const photo = within(grid).getByRole('img', { name: 'Wireless Headphones' });
    const picture = photo.closest('picture') as HTMLElement;
    expect(picture).not.toBeNull();
    const offered = [...picture.querySelectorAll('source')].map((s) => ({
      type: s.getAttribute('type'),
      srcset: s.getAttribute('srcset'),
      sizes: s.getAttribute('sizes'),
    }));
    expect(offered).toEqual([
      { type: 'image/avif', srcset: sources.avif, sizes: expect.stringMatching(/50vw$/) },
      { type: 'image/webp', srcset: sources.webp, sizes: expect.stringMatching(/50vw$/) },
    ]);
    expect(photo).toHaveAttribute('src', 'http://localhost:4000/images/1.png');
    expect(photo).toHaveAttribute('width', '400');
    expect(photo).toHaveAttribute('height', '400');
    // A photo without copies is the PNG alone.
    const shirt = within(grid).getByRole('img', { name: 'Cotton Shirt' });
    expect(shirt.closest('picture')).toBeNull();
    expect(shirt).toHaveAttribute('src', 'http://localhost:4000/images/2.png');
  });

  it('shows the trending set only, never the catalogue, with Load More to /newarrival, however many products there are', async () => {
    api.getTrendingProducts.mockResolvedValue(CATALOGUE.slice(0, 8));
    await renderAt('/');
    const grid = await screen.findByRole('list', { name: 'Top trending products' });

    expect(within(grid).getAllByRole('listitem')).toHaveLength(8);
    expect(within(grid).getByRole('link', { name: 'Catalogue item 7' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Catalogue item 8' })).not.toBeInTheDocument();
    expect(api.getProducts).not.toHaveBeenCalled();
    expect(api.getProductsPage).not.toHaveBeenCalled();
    // No count that would claim to be the catalogue's size.
    expect(screen.getByRole('region', { name: 'TOP TRENDING' })).not.toHaveTextContent(/\d+ products/);
    expect(screen.getByRole('link', { name: 'Load More' })).toHaveAttribute('href', '/newarrival');
  });

  it("shows 'Something went wrong ...' and keeps the spinner when the product call fails", async () => {
    api.getTrendingProducts.mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt('/');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong ...');
    const trending = screen.getByRole('region', { name: 'TOP TRENDING' });
    expect(within(trending).getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top trending products' })).not.toBeInTheDocument();
  });

  it('tries again when the shopper asks to after a failure', async () => {
    api.getTrendingProducts.mockRejectedValueOnce(new ApiError(0, 'Network Error')).mockResolvedValueOnce(PRODUCTS);
    await renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Cotton Shirt' })).toBeInTheDocument();
    expect(api.getTrendingProducts).toHaveBeenCalledTimes(2);
  });

  it('links Load More, every SHOP NOW and every promo tile to /newarrival', async () => {
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });

    expect(screen.getByRole('link', { name: 'Load More' })).toHaveAttribute('href', '/newarrival');
    const shopNow = screen.getAllByRole('link', { name: 'SHOP NOW', hidden: true });
    expect(shopNow).toHaveLength(3);
    shopNow.forEach((link) => expect(link).toHaveAttribute('href', '/newarrival'));

    const promos = within(screen.getByRole('region', { name: 'Promotions' })).getAllByRole('link');
    expect(promos).toHaveLength(3);
    promos.forEach((link) => expect(link).toHaveAttribute('href', '/newarrival'));
    expect(screen.getByRole('link', { name: /Free shipping on US orders above \$200/ })).toBeInTheDocument();
  });

  it("shows the spec's hero offers, service highlights and blog teaser", async () => {
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });

    const hero = screen.getByRole('region', { name: "Today's offers" });
    expect(hero).toHaveTextContent(/Electronics Accessories.*30% Off.*Rs\. 25,000/);
    expect(hero).toHaveTextContent(/Headphones.*10% Off.*Rs\. 3,000/);
    expect(hero).toHaveTextContent(/Mobiles.*10% Off.*Rs\. 10,000/);
    expect(screen.getByText('On items of Rs.500 and above')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shop with Confidence' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '24/7 Help' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'From Our Blog' })).toBeInTheDocument();
  });

  it('shows the two drone products in Deal of the Day, found by a bounded search', async () => {
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    // The search also matches descriptions: only products named drones are the deal.
    const gimbal = { ...PRODUCTS[0], productid: 9, productname: 'Camera Gimbal', description: 'Fits any drone.' };
    api.searchProducts.mockResolvedValue({ products: [gimbal, ...DRONES], hasMore: false, next: null });
    await renderAt('/');
    const deal = await screen.findByRole('region', { name: 'Deal of the Day' });
    expect(api.searchProducts).toHaveBeenCalledWith({ productname: 'drone', limit: 4 });
    const names = within(deal)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Phantom Drone X', 'Sky Drone Mini']);
    expect(within(deal).getByText('Rs. 45,999')).toBeInTheDocument();
    expect(within(deal).getByRole('link', { name: 'Sky Drone Mini' })).toHaveAttribute('href', '/productdetails/5');
  });

  it('does not wait for Deal of the Day, nor show it when its search fails', async () => {
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    let answer: (page: SearchPage) => void = () => undefined;
    api.searchProducts.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { unmount } = await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });
    expect(screen.queryByRole('region', { name: 'Deal of the Day' })).not.toBeInTheDocument();
    act(() => answer({ products: DRONES, hasMore: false, next: null }));
    expect(await screen.findByRole('region', { name: 'Deal of the Day' })).toBeInTheDocument();
    unmount();

    api.searchProducts.mockReset().mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });
    await waitFor(() => expect(api.searchProducts).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Deal of the Day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a signed-out shopper to /login from the add-to-cart, wishlist and price-drop actions, to come back to the cart or the product', async () => {
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });
    const shirt = card('Cotton Shirt');
    expect(within(shirt).getByRole('link', { name: 'Add to cart: Cotton Shirt' })).toHaveAttribute(
      'href',
      '/login?next=%2Fviewcart%2F2',
    );
    expect(within(shirt).getByRole('link', { name: 'Add to wishlist: Cotton Shirt' })).toHaveAttribute(
      'href',
      '/login?next=%2Fproductdetails%2F2',
    );
    expect(within(shirt).getByRole('link', { name: 'Email me when the price drops: Cotton Shirt' })).toHaveAttribute(
      'href',
      '/login?next=%2Fproductdetails%2F2',
    );
  });

  it('sends a signed-in shopper from add-to-cart to /viewcart/{productid}', async () => {
    signInAs();
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });
    expect(within(card('Cotton Shirt')).getByRole('link', { name: 'Add to cart: Cotton Shirt' })).toHaveAttribute(
      'href',
      '/viewcart/2',
    );
  });

  it("shows each card's heart pressed from one read of the wishlist's first page (not one request per card), and toggles it", async () => {
    const user = userEvent.setup();
    signInAs();
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    api.getWishlistPage.mockResolvedValue({ items: [PRODUCTS[1]], next: null, count: 1 });
    api.addToWishlist.mockResolvedValue({ msg: 'Added to your wishlist', count: 2 });
    api.removeFromWishlist.mockResolvedValue({ msg: 'Removed from your wishlist', count: 1 });
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });
    const shirtHeart = within(card('Cotton Shirt')).getByRole('button', { name: 'Add to wishlist: Cotton Shirt' });
    await waitFor(() => expect(shirtHeart).toHaveAttribute('aria-pressed', 'true'));
    const walletHeart = within(card('Leather Wallet')).getByRole('button', { name: 'Add to wishlist: Leather Wallet' });
    expect(walletHeart).toHaveAttribute('aria-pressed', 'false');
    expect(api.getWishlistPage).toHaveBeenCalledTimes(1);
    expect(api.getWishlistPage).toHaveBeenCalledWith({ limit: 100 });
    expect(api.getPriceAlert).not.toHaveBeenCalled();

    await user.click(walletHeart);
    expect(api.addToWishlist).toHaveBeenCalledWith(4);
    expect(await toastKind('Added to your wishlist')).toBe('success');
    expect(walletHeart).toHaveAttribute('aria-pressed', 'true');

    await user.click(shirtHeart);
    expect(api.removeFromWishlist).toHaveBeenCalledWith(2);
    expect(await toastKind('Removed from your wishlist')).toBe('success');
    expect(shirtHeart).toHaveAttribute('aria-pressed', 'false');
    expect(api.getWishlistPage).toHaveBeenCalledTimes(1);
  });

  it("a card's bell records a price-drop alert and, pressed again, removes it", async () => {
    const user = userEvent.setup();
    signInAs();
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    api.setPriceAlert
      .mockResolvedValueOnce({ msg: 'We will email you when the price drops', watching: true })
      .mockResolvedValueOnce({ msg: 'Price alert removed: we will not email you about this product', watching: false });
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });
    const bell = within(card('Cotton Shirt')).getByRole('button', {
      name: 'Email me when the price drops: Cotton Shirt',
    });
    expect(bell).toHaveAttribute('aria-pressed', 'false');
    await user.click(bell);
    expect(api.setPriceAlert).toHaveBeenLastCalledWith(2, true);
    expect(await toastKind('We will email you when the price drops')).toBe('success');
    expect(bell).toHaveAttribute('aria-pressed', 'true');
    await user.click(bell);
    expect(api.setPriceAlert).toHaveBeenLastCalledWith(2, false);
    expect(await toastKind('Price alert removed: we will not email you about this product')).toBe('success');
    expect(bell).toHaveAttribute('aria-pressed', 'false');
  });

  it('a full wishlist (409) is an error toast and the heart stays off', async () => {
    const user = userEvent.setup();
    signInAs();
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    api.addToWishlist.mockRejectedValue(
      new ApiError(409, 'Your wishlist is full: it holds at most 500 products. Remove some to add more.'),
    );
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });
    const heart = within(card('Denim Shirt')).getByRole('button', { name: 'Add to wishlist: Denim Shirt' });
    await user.click(heart);
    expect(await toastKind('Your wishlist is full: it holds at most 500 products. Remove some to add more.')).toBe(
      'error',
    );
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens a quick view dialog for a product and closes it with Escape', async () => {
    const user = userEvent.setup();
    api.getTrendingProducts.mockResolvedValue(PRODUCTS);
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });

    const trigger = within(card('Leather Wallet')).getByRole('button', { name: 'Quick view: Leather Wallet' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Quick view' });
    expect(within(dialog).getByRole('heading', { name: 'Leather Wallet' })).toBeInTheDocument();
    expect(within(dialog).getByText('Rs. 1,299')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View details' })).toHaveAttribute('href', '/productdetails/4');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('hero carousel', () => {
  function currentDot(): string | null {
    const dots = within(screen.getByRole('group', { name: 'Choose a slide' })).getAllByRole('button');
    return dots.find((d) => d.getAttribute('aria-current') === 'true')?.getAttribute('aria-label') ?? null;
  }

  beforeEach(() => api.getTrendingProducts.mockResolvedValue(PRODUCTS));

  it('moves with the previous, next and dot buttons and hides the other slides', async () => {
    const user = userEvent.setup();
    await renderAt('/');
    await screen.findByRole('list', { name: 'Top trending products' });
    expect(currentDot()).toBe('Slide 1: Electronics Accessories');
    expect(screen.getByRole('group', { name: '1 of 3' })).toHaveAttribute('aria-hidden', 'false');
    expect(screen.queryByRole('group', { name: '2 of 3' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'SHOP NOW' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentDot()).toBe('Slide 2: Headphones');
    expect(screen.getByRole('group', { name: '2 of 3' })).toHaveTextContent('Starting from Rs. 3,000');

    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentDot()).toBe('Slide 3: Mobiles');

    await user.click(screen.getByRole('button', { name: 'Slide 1: Electronics Accessories' }));
    expect(currentDot()).toBe('Slide 1: Electronics Accessories');
  });

  it('advances on its own and stops when paused', async () => {
    jest.useFakeTimers();
    await renderAt('/');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Top trending products' })).toBeInTheDocument());
    expect(currentDot()).toBe('Slide 1: Electronics Accessories');

    act(() => jest.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(currentDot()).toBe('Slide 2: Headphones');

    act(() => screen.getByRole('button', { name: 'Stop automatic slide show' }).click());
    act(() => {
      // The pause button took focus, which also holds the slides; blur it to test the pause alone.
      (document.activeElement as HTMLElement).blur();
    });
    act(() => jest.advanceTimersByTime(HERO_INTERVAL_MS * 3));
    expect(currentDot()).toBe('Slide 2: Headphones');
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
  });
});
