import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../testing/renderAt';

describe('/wishlist', () => {
  it('shows the sample items with ADD TO CART, VIEW and REMOVE, and REMOVE takes one off', async () => {
    const user = userEvent.setup();
    await renderAt('/wishlist');
    const list = screen.getByRole('list', { name: 'Wishlist items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: 'ADD TO CART: Wireless Headphones' })).toHaveAttribute('href', '/newarrival/headphones');
    expect(within(list).getByRole('link', { name: 'VIEW: Wireless Headphones' })).toHaveAttribute('href', '/newarrival/headphones');

    await user.click(within(list).getByRole('button', { name: 'REMOVE: Wireless Headphones' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByText('Wireless Headphones')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Wishlist (2)');
  });

  it('CLEAR WISHLIST empties the page', async () => {
    const user = userEvent.setup();
    await renderAt('/wishlist');
    await user.click(screen.getByRole('button', { name: 'CLEAR WISHLIST' }));
    expect(screen.queryByRole('list', { name: 'Wishlist items' })).not.toBeInTheDocument();
    expect(screen.getByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse new arrivals' })).toHaveAttribute('href', '/newarrival');
  });
});
