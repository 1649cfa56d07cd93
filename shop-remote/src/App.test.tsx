import './testing/polyfills';
import { screen } from '@testing-library/react';
import { routesOf } from '@marketplace/shared';
import { SHOP_PAGES } from './App';
import { renderAt } from './testing/renderAt';

describe('shop area routes', () => {
  it('has a page for every shop route of the route table, and no other', () => {
    expect(Object.keys(SHOP_PAGES).sort()).toEqual(routesOf('shop').map((r) => r.path).sort());
  });

  it.each([
    ['/viewcart', 'Cart'],
    ['/emptycart', 'Cart'],
    ['/checkout', 'Checkout'],
    ['/billconfirm', 'Order confirmation'],
    ['/addproduct', 'Add Product'],
    ['/review', 'Reviews'],
    ['/addreview', 'Add Review'],
    ['/wishlist', 'Wishlist'],
  ])('%s says plainly that it is coming soon', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse new arrivals' })).toHaveAttribute('href', '/newarrival');
  });

  it('/viewcart/{id} says the product was not added and links back to it', () => {
    renderAt('/viewcart/7');
    expect(screen.getByText('This product has not been added to a cart.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the product' })).toHaveAttribute('href', '/productdetails/7');
  });
});
