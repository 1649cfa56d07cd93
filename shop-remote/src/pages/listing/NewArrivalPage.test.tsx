import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type SearchPage } from '@marketplace/shared';
import { mockApi } from '@marketplace/shared/testing';
import { PRODUCTS } from '../../testing/fixtures';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();
const SHIRTS = PRODUCTS.filter((p) => p.productname.includes('Shirt'));

/** One page of results, the last one unless it has a `next` cursor. */
const page = (products: typeof PRODUCTS, next: string | null = null): SearchPage => ({
  products,
  hasMore: next !== null,
  next,
});

function lastQuery(): unknown {
  return api.searchProducts.mock.lastCall?.[0];
}

beforeEach(() => {
  api.getProducts.mockResolvedValue(PRODUCTS);
  // GET /categories: most products first.
  api.getCategories.mockResolvedValue(['Electronics', 'Clothing', 'Accessories']);
  api.searchProducts.mockResolvedValue(page(SHIRTS));
});

describe('new arrivals and search', () => {
  it('searches for the key in the URL and shows the results with their count', async () => {
    await renderAt('/newarrival/shirt');
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');

    const grid = await screen.findByRole('list', { name: 'Products' });
    expect(api.searchProducts).toHaveBeenCalledTimes(1);
    expect(lastQuery()).toStrictEqual({ productname: 'shirt' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for "shirt"');
    expect(screen.getByText('2 products')).toBeInTheDocument();
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);

    expect(within(grid).getByRole('link', { name: 'Denim Shirt' })).toHaveAttribute('href', '/productdetails/6');
    expect(within(grid).getByRole('link', { name: 'Add to Cart: Denim Shirt' })).toHaveAttribute('href', '/viewcart/6');
    expect(within(grid).getByText('Rs. 1,499')).toBeInTheDocument();
  });

  it('lists everything on /newarrival (empty search text)', async () => {
    api.searchProducts.mockResolvedValue(page(PRODUCTS));
    await renderAt('/newarrival');
    await screen.findByRole('list', { name: 'Products' });
    expect(lastQuery()).toStrictEqual({ productname: '' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New Arrivals');
    expect(screen.getByText('6 products')).toBeInTheDocument();
  });

  it("loads the first product's photo before all others (the page's largest paint), the first rows at once", async () => {
    api.searchProducts.mockResolvedValue(page(PRODUCTS));
    await renderAt('/newarrival');
    const grid = await screen.findByRole('list', { name: 'Products' });
    const photos = within(grid).getAllByRole('img', { name: (name) => PRODUCTS.some((p) => p.productname === name) });
    expect(photos).toHaveLength(PRODUCTS.length);
    expect(photos.map((p) => p.getAttribute('fetchpriority'))).toEqual(
      PRODUCTS.map((_, i) => (i === 0 ? 'high' : null)),
    );
    expect(photos[0]).toHaveAttribute('loading', 'eager');
  });

  it('offers All plus the categories of GET /categories, in alphabetical order, and filters by the one chosen', async () => {
    const user = userEvent.setup();
    await renderAt('/newarrival/shirt');
    await screen.findByRole('list', { name: 'Products' });

    const categories = screen.getByRole('group', { name: 'Categories' });
    await waitFor(() => expect(within(categories).getAllByRole('radio')).toHaveLength(4));
    expect(
      within(categories)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['All', 'Accessories', 'Clothing', 'Electronics']);
    expect(within(categories).getByRole('radio', { name: 'All' })).toBeChecked();
    // The list of categories, not the catalogue.
    expect(api.getProducts).not.toHaveBeenCalled();

    api.searchProducts.mockResolvedValue(page([SHIRTS[0]]));
    await user.click(within(categories).getByRole('radio', { name: 'Clothing' }));
    await waitFor(() => expect(lastQuery()).toStrictEqual({ productname: 'shirt', category: 'Clothing' }));
    expect(await screen.findByText('1 product')).toBeInTheDocument();

    await user.click(within(categories).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(lastQuery()).toStrictEqual({ productname: 'shirt' }));
  });

  it('filters by a min and max price, together with the category', async () => {
    const user = userEvent.setup();
    await renderAt('/newarrival');
    await screen.findByRole('list', { name: 'Products' });

    await user.type(screen.getByLabelText('Min price'), '500');
    await user.type(screen.getByLabelText('Max price'), '1500');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery()).toStrictEqual({ productname: '', minPrice: 500, maxPrice: 1500 }));

    await user.click(await screen.findByRole('radio', { name: 'Accessories' }));
    await waitFor(() =>
      expect(lastQuery()).toStrictEqual({ productname: '', category: 'Accessories', minPrice: 500, maxPrice: 1500 }),
    );

    await user.clear(screen.getByLabelText('Max price'));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery()).toStrictEqual({ productname: '', category: 'Accessories', minPrice: 500 }));

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(lastQuery()).toStrictEqual({ productname: '' }));
    expect(screen.getByLabelText('Min price')).toHaveValue(null);
  });

  it('refuses a minimum above the maximum without searching', async () => {
    const user = userEvent.setup();
    await renderAt('/newarrival');
    await screen.findByRole('list', { name: 'Products' });
    const calls = api.searchProducts.mock.calls.length;

    await user.type(screen.getByLabelText('Min price'), '900');
    await user.type(screen.getByLabelText('Max price'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByRole('alert')).toHaveTextContent('The minimum price must not be more than the maximum price');
    expect(screen.getByLabelText('Min price')).toHaveAttribute('aria-invalid', 'true');
    expect(api.searchProducts).toHaveBeenCalledTimes(calls);
  });

  it('says so when nothing matches the search key', async () => {
    api.searchProducts.mockResolvedValue(page([]));
    await renderAt('/newarrival/unicorn');
    expect(await screen.findByText('No products found for "unicorn"')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all new arrivals' })).toHaveAttribute('href', '/newarrival');
  });

  it('switches between the grid and list layouts', async () => {
    const user = userEvent.setup();
    await renderAt('/newarrival/shirt');
    await screen.findByRole('list', { name: 'Products' });
    const grid = screen.getByRole('button', { name: 'Grid' });
    const list = screen.getByRole('button', { name: 'List' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    expect(list).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Denim Shirt: a sample description.')).not.toBeInTheDocument();

    await user.click(list);
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(grid).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Denim Shirt: a sample description.')).toBeInTheDocument();

    await user.click(grid);
    expect(screen.queryByText('Denim Shirt: a sample description.')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong ...' with the spinner when the search fails", async () => {
    api.searchProducts.mockRejectedValue(new ApiError(500, 'Internal Server Error'));
    await renderAt('/newarrival/shirt');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong ...');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});

describe('a page at a time', () => {
  it('shows the first page, then the next one after it with Load more (its cursor), until no more follow', async () => {
    const user = userEvent.setup();
    api.searchProducts
      .mockResolvedValueOnce(page(PRODUCTS.slice(0, 4), 'c1'))
      .mockResolvedValueOnce(page(PRODUCTS.slice(4)));
    await renderAt('/newarrival');
    const grid = await screen.findByRole('list', { name: 'Products' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('4 products, more below')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(PRODUCTS.length));
    expect(lastQuery()).toStrictEqual({ productname: '', cursor: 'c1' });
    expect(screen.getByText(`${PRODUCTS.length} products`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
    // The keyboard goes on from the first new product (the button it pressed is gone).
    expect(within(grid).getAllByRole('listitem')[4]).toHaveFocus();
  });

  it('keeps the filters with the cursor, is busy and disabled while the page loads, and shows a product that comes again once', async () => {
    const user = userEvent.setup();
    let answer: (found: SearchPage) => void = () => undefined;
    api.searchProducts
      .mockResolvedValueOnce(page(SHIRTS, 'c1'))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderAt('/newarrival/shirt');
    const grid = await screen.findByRole('list', { name: 'Products' });

    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    const busy = screen.getByRole('button', { name: 'Loading…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(lastQuery()).toStrictEqual({ productname: 'shirt', cursor: 'c1' });

    act(() => answer(page([SHIRTS[1], PRODUCTS[3]], 'c2')));
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));
    expect(within(grid).getAllByRole('link', { name: 'Denim Shirt' })).toHaveLength(1);
    const more = screen.getByRole('button', { name: 'Load more products' });
    expect(more).toBeEnabled();
    expect(more).toHaveAttribute('aria-busy', 'false');
    expect(within(grid).getAllByRole('listitem')[2]).toHaveFocus();
  });

  it('starts over from the first page when the search changes', async () => {
    const user = userEvent.setup();
    api.searchProducts
      .mockResolvedValueOnce(page(PRODUCTS.slice(0, 4), 'c1'))
      .mockResolvedValueOnce(page(PRODUCTS.slice(4), 'c2'));
    await renderAt('/newarrival');
    const grid = await screen.findByRole('list', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(PRODUCTS.length));

    api.searchProducts.mockResolvedValue(page([PRODUCTS[3]]));
    await user.click(await screen.findByRole('radio', { name: 'Accessories' }));
    await waitFor(() => expect(lastQuery()).toStrictEqual({ productname: '', category: 'Accessories' }));
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
  });

  it('keeps what is shown and says so when the next page cannot be loaded', async () => {
    const user = userEvent.setup();
    api.searchProducts
      .mockResolvedValueOnce(page(PRODUCTS.slice(0, 4), 'c1'))
      .mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    await renderAt('/newarrival');
    const grid = await screen.findByRole('list', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Something went Wrong')).toBeInTheDocument();
    expect(within(grid).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Load more products' })).toBeEnabled();
  });
});
