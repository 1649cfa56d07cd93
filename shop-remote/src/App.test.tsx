import { act, screen, waitFor } from '@testing-library/react';
import { useSession } from '@marketplace/shared';
import { currentPath, mockApi } from '@marketplace/shared/testing';
import { SHOP_PAGES } from './App';
import { routes } from './routes.json';
import { renderAt } from './testing/renderAt';

const api = mockApi();
beforeEach(() => api.getReviewsPage.mockResolvedValue({ items: [], next: null }));

describe('shop area routes', () => {
  it('has a page for every route of its routes.json (what its release tells the shell), and no other', () => {
    expect(Object.keys(SHOP_PAGES).sort()).toEqual([...routes].sort());
  });

  it.each(['/viewcart', '/viewcart/7', '/checkout', '/addproduct', '/editproduct/7'])(
    '%s sends a visitor to /login, which brings them back',
    async (path) => {
      await renderAt(path);
      await waitFor(() => expect(currentPath()).toBe(`/login?next=${encodeURIComponent(path)}`));
    },
  );

  it('/addreview sends a visitor to /review', async () => {
    await renderAt('/addreview');
    await waitFor(() => expect(currentPath()).toBe('/review'));
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('/emptycart says the cart is empty and links to new arrivals', async () => {
    await renderAt('/emptycart');
    expect(screen.getByRole('heading', { level: 1, name: 'EMPTY - No items found on your cart.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/newarrival');
  });

  it('/billconfirm confirms the order with links to My Orders and new arrivals', async () => {
    act(() => useSession.getState().setOrderId(12));
    await renderAt('/billconfirm');
    expect(screen.getByText('Your order number is #12.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Order Placed - Check for more Details in My Order.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/myaccount/myorder');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/newarrival');
  });
});
