import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type CartItem } from '@marketplace/shared';
import { currentPath, mockApi, signInAs, signOut, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

const item = (productid: number, productname: string, title: string, price: number): CartItem => ({
  productid,
  productname,
  title,
  price,
  photo: `http://localhost:4000/images/${productid}.png`,
  quantity: 1,
  max: 10,
});
const HEADPHONES = item(1, 'Wireless Headphones', 'Electronics', 2999);
const SHIRT = item(2, 'Cotton Shirt', 'Clothing', 399);

beforeEach(() => {
  signInAs();
  api.refreshCartCount.mockResolvedValue();
});

async function cartRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('/viewcart', () => {
  it('lists each item with photo, name, category, price and quantity 1, and the cart links', async () => {
    api.getCartItems.mockResolvedValue([HEADPHONES, SHIRT]);
    await renderAt('/viewcart');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart');

    const rows = await cartRows();
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByRole('img', { name: 'Wireless Headphones' })).toHaveAttribute('src', HEADPHONES.photo);
    expect(first.getByRole('link', { name: 'Wireless Headphones' })).toHaveAttribute('href', '/productdetails/1');
    expect(first.getByText('Electronics')).toBeInTheDocument();
    expect(first.getByText('Rs. 2,999')).toBeInTheDocument();
    expect(first.getByText('1')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delete Wireless Headphones' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/newarrival');
    expect(screen.getByRole('link', { name: 'Place Order' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('button', { name: 'Clear Cart' })).toBeInTheDocument();
    // Subtotal 3398 (display estimate) ships free from Rs. 500.
    expect(screen.getByText('Rs. 3,398')).toBeInTheDocument();
    expect(screen.getByText('Free Delivery')).toBeInTheDocument();
  });

  it('prints prices as Indian shops do: lakh grouping, paise only where there are some', async () => {
    const SOFA = item(3, 'Teak Sofa', 'Furniture', 149999.5);
    api.getCartItems.mockResolvedValue([SOFA, SHIRT]);
    await renderAt('/viewcart');
    const rows = await cartRows();
    expect(within(rows[0]).getByText('Rs. 1,49,999.50')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Rs. 399')).toBeInTheDocument();
    expect(screen.getByText('Rs. 1,50,398.50')).toBeInTheDocument();
  });

  it('deletes one row, keeps the others and refreshes the header badge', async () => {
    const user = userEvent.setup();
    api.getCartItems.mockResolvedValue([HEADPHONES, SHIRT]);
    api.removeFromCart.mockResolvedValue([SHIRT]);
    await renderAt('/viewcart');
    await cartRows();

    await user.click(screen.getByRole('button', { name: 'Delete Wireless Headphones' }));
    expect(api.removeFromCart).toHaveBeenCalledWith(1);
    await waitFor(async () => expect(await cartRows()).toHaveLength(1));
    expect(screen.queryByText('Wireless Headphones')).not.toBeInTheDocument();
    expect(screen.getByText('Cotton Shirt')).toBeInTheDocument();
    expect(api.refreshCartCount).toHaveBeenCalled();
    // Below Rs. 500 the estimate shows the Rs. 50 shipping fee.
    expect(screen.getByText('Rs. 50')).toBeInTheDocument();
  });

  it('deleting the last item goes to /emptycart', async () => {
    const user = userEvent.setup();
    api.getCartItems.mockResolvedValue([SHIRT]);
    api.removeFromCart.mockResolvedValue([]);
    await renderAt('/viewcart');
    await cartRows();
    await user.click(screen.getByRole('button', { name: 'Delete Cotton Shirt' }));
    await waitFor(() => expect(currentPath()).toBe('/emptycart'));
    expect(screen.getByText('EMPTY - No items found on your cart.')).toBeInTheDocument();
    expect(api.refreshCartCount).toHaveBeenCalled();
  });

  it('Clear Cart empties the cart, refreshes the badge and goes to /emptycart', async () => {
    const user = userEvent.setup();
    api.getCartItems.mockResolvedValue([HEADPHONES, SHIRT]);
    api.clearCart.mockResolvedValue();
    await renderAt('/viewcart');
    await cartRows();
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(api.clearCart).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(currentPath()).toBe('/emptycart'));
    expect(api.refreshCartCount).toHaveBeenCalled();
  });

  it('a failed delete goes to /error404 (spec section 8)', async () => {
    const user = userEvent.setup();
    api.getCartItems.mockResolvedValue([HEADPHONES]);
    api.removeFromCart.mockRejectedValue(new ApiError(500, 'Internal Server Error'));
    await renderAt('/viewcart');
    await cartRows();
    await user.click(screen.getByRole('button', { name: 'Delete Wireless Headphones' }));
    await waitFor(() => expect(currentPath()).toBe('/error404'));
  });

  it('a failed Clear Cart goes to /error404 (spec section 8)', async () => {
    const user = userEvent.setup();
    api.getCartItems.mockResolvedValue([HEADPHONES]);
    api.clearCart.mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt('/viewcart');
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    await waitFor(() => expect(currentPath()).toBe('/error404'));
  });

  it('an empty cart goes to /emptycart', async () => {
    api.getCartItems.mockResolvedValue([]);
    await renderAt('/viewcart');
    await waitFor(() => expect(currentPath()).toBe('/emptycart'));
    expect(screen.getByRole('heading', { name: 'EMPTY - No items found on your cart.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/newarrival');
  });

  it("a failed load shows 'Something went Wrong' (error toast) and the list failure text", async () => {
    api.getCartItems.mockRejectedValue(new ApiError(500, 'Internal Server Error'));
    await renderAt('/viewcart');
    expect(await toastKind('Something went Wrong')).toBe('error');
    expect(screen.getByText('Something went wrong ...')).toBeInTheDocument();
  });

  it('an expired session signs out and goes to /login, which brings the shopper back', async () => {
    api.getCartItems.mockRejectedValue(new ApiError(401, 'Session expired, please login again'));
    await renderAt('/viewcart');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fviewcart'));
    expect(await toastKind('Session expired, please login again')).toBe('error');
  });

  it('sends a visitor to /login without calling the API', async () => {
    signOut();
    await renderAt('/viewcart');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fviewcart'));
    expect(api.getCartItems).not.toHaveBeenCalled();
  });
});

describe('/viewcart/{id}', () => {
  it('adds the product, refreshes the badge, then shows the cart at /viewcart', async () => {
    api.addToCart.mockResolvedValue([HEADPHONES]);
    api.getCartItems.mockResolvedValue([HEADPHONES]);
    await renderAt('/viewcart/1');
    expect(screen.getByRole('status')).toHaveTextContent('Adding to your cart');
    await waitFor(() => expect(currentPath()).toBe('/viewcart'));
    expect(api.addToCart).toHaveBeenCalledTimes(1);
    expect(api.addToCart).toHaveBeenCalledWith(1);
    expect(api.refreshCartCount).toHaveBeenCalled();
    expect(await cartRows()).toHaveLength(1);
  });

  it("a failed add shows 'Something went Wrong' and still shows the cart", async () => {
    api.addToCart.mockRejectedValue(new ApiError(404, 'Product not found'));
    api.getCartItems.mockResolvedValue([SHIRT]);
    await renderAt('/viewcart/999');
    expect(await toastKind('Something went Wrong')).toBe('error');
    await waitFor(() => expect(currentPath()).toBe('/viewcart'));
    expect(await cartRows()).toHaveLength(1);
  });

  it('does not call the API for an id that is not a number', async () => {
    api.getCartItems.mockResolvedValue([SHIRT]);
    await renderAt('/viewcart/abc');
    await waitFor(() => expect(currentPath()).toBe('/viewcart'));
    expect(api.addToCart).not.toHaveBeenCalled();
    await act(async () => undefined);
  });
});
