import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession, type Product } from '@marketplace/shared';
import { currentPath, customer, mockApi, product, signInAs } from '@marketplace/shared/testing';
import { renderAt } from '../../../testing/renderAt';

// SELLER_MESSAGES of @marketplace/shared/contract (the contract's TypeBox schemas do not load in jsdom).
const SELLER_MESSAGES = { removed: 'Product Removed Successfully', notYours: 'You can only change your own products' };

const api = mockApi();

/** A product the signed-in seller (user 1) listed. */
const listing = (productid: number, productname: string, price = 999): Product =>
  product({ productid, productname, price, rating: 4.5 });

beforeEach(() => {
  signInAs();
  api.getUserData.mockResolvedValue(customer());
  api.getOrdersPage.mockResolvedValue({ items: [], next: null });
  api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
});

const table = () => screen.findByRole('table', { name: 'Your listings' });
const names = async () =>
  within(await table())
    .getAllByRole('link', { name: /^(?!Edit )/ })
    .map((l) => l.textContent);

describe('/myaccount/myproducts', () => {
  it('is in the side menu and lists the seller’s products with View, Edit and Take down', async () => {
    api.getMyProductsPage.mockResolvedValue({
      items: [
        { ...listing(12, 'Retro Camera', 1299), stock: 14 },
        { ...listing(11, 'Film Roll', 250), stock: 0, left: 0 },
      ],
      next: null,
    });
    await renderAt('/myaccount/myproducts');
    const menu = await screen.findByRole('navigation', { name: 'My account' });
    expect(within(menu).getByRole('link', { name: 'My Products' })).toHaveAttribute('href', '/myaccount/myproducts');
    expect(within(menu).getByRole('link', { name: 'My Products' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'My Products' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home/My Products');
    expect(await names()).toEqual(['Retro Camera', 'Film Roll']);
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Electronics');
    expect(rows[0]).toHaveTextContent('Rs. 1,299');
    expect(rows[0]).toHaveTextContent('4.5 / 5');
    // The seller sees the exact units in stock (issue 26).
    expect(within(rows[0]).getByRole('cell', { name: '14' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('cell', { name: 'Out of stock' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Retro Camera' })).toHaveAttribute('href', '/productdetails/12');
    expect(within(rows[0]).getByRole('link', { name: 'Edit Retro Camera' })).toHaveAttribute('href', '/editproduct/12');
    expect(within(rows[0]).getByRole('button', { name: 'Take down Retro Camera' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/addproduct');
    expect(api.getMyProductsPage).toHaveBeenCalledTimes(1);
  });

  it('says so when the seller has listed nothing', async () => {
    api.getMyProductsPage.mockResolvedValue({ items: [], next: null });
    await renderAt('/myaccount/myproducts');
    expect(await screen.findByText('You have not listed any products yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('loads a page at a time with Load more products', async () => {
    const user = userEvent.setup();
    api.getMyProductsPage
      .mockResolvedValueOnce({ items: [listing(12, 'Retro Camera')], next: 'c1' })
      .mockResolvedValueOnce({ items: [listing(11, 'Film Roll')], next: null });
    await renderAt('/myaccount/myproducts');
    expect(await names()).toEqual(['Retro Camera']);
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    await waitFor(async () => expect(await names()).toEqual(['Retro Camera', 'Film Roll']));
    expect(api.getMyProductsPage).toHaveBeenLastCalledWith({ cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
  });

  it('shows the failure with Try again', async () => {
    const user = userEvent.setup();
    api.getMyProductsPage
      .mockRejectedValueOnce(new ApiError(500, 'boom'))
      .mockResolvedValueOnce({ items: [listing(12, 'Retro Camera')], next: null });
    await renderAt('/myaccount/myproducts');
    expect(await screen.findByText('Your products could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong ...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await names()).toEqual(['Retro Camera']);
  });

  it('asks before taking a listing down: Keep Listing changes nothing and gives the focus back', async () => {
    const user = userEvent.setup();
    api.getMyProductsPage.mockResolvedValue({ items: [listing(12, 'Retro Camera')], next: null });
    await renderAt('/myaccount/myproducts');
    await table();
    await user.click(screen.getByRole('button', { name: 'Take down Retro Camera' }));
    const question = screen.getByRole('alertdialog', { name: 'Take down “Retro Camera”?' });
    expect(question).toHaveTextContent('Orders already placed keep it.');
    expect(within(question).getByRole('button', { name: 'Yes, Take Down' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep Listing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take down Retro Camera' })).toHaveFocus());
    expect(api.removeProduct).not.toHaveBeenCalled();
  });

  it('takes a listing down after the confirmation: the toast, the row goes, the focus moves on', async () => {
    const user = userEvent.setup();
    api.getMyProductsPage.mockResolvedValue({
      items: [listing(12, 'Retro Camera'), listing(11, 'Film Roll')],
      next: null,
    });
    api.removeProduct.mockResolvedValue({ msg: SELLER_MESSAGES.removed });
    await renderAt('/myaccount/myproducts');
    await table();
    await user.click(screen.getByRole('button', { name: 'Take down Retro Camera' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Take Down' }));
    expect(api.removeProduct).toHaveBeenCalledWith(12);
    expect(await screen.findByText('Product Removed Successfully')).toBeInTheDocument();
    expect(await names()).toEqual(['Film Roll']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take down Film Roll' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Take down Film Roll' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Take Down' }));
    expect(await screen.findByText('You have not listed any products yet.')).toBeInTheDocument();
  });

  it("shows the server's refusal (403) and keeps the listing", async () => {
    const user = userEvent.setup();
    api.getMyProductsPage.mockResolvedValue({ items: [listing(12, 'Retro Camera')], next: null });
    api.removeProduct.mockRejectedValue(new ApiError(403, SELLER_MESSAGES.notYours));
    await renderAt('/myaccount/myproducts');
    await table();
    await user.click(screen.getByRole('button', { name: 'Take down Retro Camera' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Take Down' }));
    expect(await screen.findByText('You can only change your own products')).toBeInTheDocument();
    expect(await names()).toEqual(['Retro Camera']);
  });

  it('an expired session signs out and goes to /login, back to this page', async () => {
    api.getMyProductsPage.mockRejectedValue(new ApiError(401, 'Session expired, please login again'));
    await renderAt('/myaccount/myproducts');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fmyaccount%2Fmyproducts'));
    expect(useSession.getState().session).toBeNull();
  });
});
