import { act, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { PageMetaContext, useSession, type PageMeta } from '@marketplace/shared';
import { currentPath, mockApi } from '@marketplace/shared/testing';
import ShopApp, { SHOP_PAGES } from './App';
import { renderAt } from './testing/renderAt';

const api = mockApi();
beforeEach(() => api.getReviewsPage.mockResolvedValue({ items: [], next: null }));

describe('shop area routes', () => {
  it('shows the listing and a search with one page, so searching again keeps it', () => {
    expect(SHOP_PAGES['/newarrival/:searchKey']).toBe(SHOP_PAGES['/newarrival']);
  });

  it.each(['/viewcart', '/viewcart/7', '/checkout', '/addproduct', '/editproduct/7'])(
    '%s sends a visitor to /login, which brings them back',
    async (path) => {
      await renderAt(path);
      await waitFor(() => expect(currentPath()).toBe(`/login?next=${encodeURIComponent(path)}`));
    },
  );

  // The shell mounts the area on the paths its live config declares: a preview's page the live
  // release lacks (/compare after Exit preview), or a page a later release dropped.
  it('shows the full not-found page for a path of its area it has no page for, titled and 404 on the server', async () => {
    await renderAt('/compare');
    const heading = screen.getByRole('heading', { level: 1, name: "Looks like you're in wrong place" });
    const card = within(heading.closest('section')!);
    expect(
      card.getByText('We could not find what you were looking for, or it is not available any more.'),
    ).toBeVisible();
    expect(card.getByText('Please go back to the home page and try again.')).toBeVisible();
    expect(card.getByRole('link', { name: 'GO TO HOME' })).toHaveAttribute('href', '/');
    expect(heading.closest('section')!.querySelector('svg')).not.toBeNull();
    expect(document.title).toBe('Page not found | Marketplace');

    let meta: PageMeta | null = null;
    renderToString(
      <PageMetaContext.Provider value={{ set: (next) => (meta = next) }}>
        <StaticRouter location="/compare">
          <ShopApp />
        </StaticRouter>
      </PageMetaContext.Provider>,
    );
    expect(meta).toEqual({ title: 'Page not found', noindex: true, status: 404, path: '/compare' });
  });

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
