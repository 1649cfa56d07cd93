import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@marketplace/shared';
import { customer, mockApi, signInAs } from '@marketplace/shared/testing';
import { renderAt } from '../../../testing/renderAt';

const api = mockApi();

beforeEach(() => {
  signInAs();
  api.getUserData.mockResolvedValue(customer());
  api.getOrdersPage.mockResolvedValue({ items: [], next: null });
  api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
});

describe('/myaccount/couponoffer', () => {
  it('shows every valid coupon with its discount, expiry and uses left, and copies its code', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    api.getCoupons.mockResolvedValue([
      { couponname: 'LASTONE', discount: 250, expiresAt: '2025-05-09T12:00:00.000Z', usesLeft: 1 },
      { couponname: 'WELCOME50', discount: 50, expiresAt: '2026-03-10T12:00:00.000Z', usesLeft: 1000 },
    ]);
    await renderAt('/myaccount/couponoffer');
    const cards = within(await screen.findByRole('list', { name: 'Coupons' })).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByText(/ off$/).textContent)).toEqual(['Rs. 250 off', 'Rs. 50 off']);
    expect(cards[0]).toHaveTextContent('LASTONE');
    expect(cards[0]).toHaveTextContent('Valid until 9 May 2025');
    expect(cards[0]).toHaveTextContent('1 use left');
    expect(cards[1]).toHaveTextContent('1000 uses left');
    expect(screen.getByText(/apply it in the coupon box at checkout/)).toBeInTheDocument();

    await user.click(within(cards[1]!).getByRole('button', { name: 'Copy code WELCOME50' }));
    expect(writeText).toHaveBeenCalledWith('WELCOME50');
    expect(await navigator.clipboard.readText()).toBe('WELCOME50');
    expect(within(cards[1]!).getByRole('button', { name: 'Copied code WELCOME50' })).toHaveTextContent('Copied!');
  });

  it('says when there is no offer', async () => {
    api.getCoupons.mockResolvedValue([]);
    await renderAt('/myaccount/couponoffer');
    expect(await screen.findByText('No offers right now. Check again soon.')).toBeInTheDocument();
  });

  it("says 'Something went wrong ...' when the offers cannot be loaded, and Try again loads them", async () => {
    const user = userEvent.setup();
    api.getCoupons.mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    api.getCoupons.mockResolvedValueOnce([
      { couponname: 'SAVE100', discount: 100, expiresAt: '2026-01-01T12:00:00.000Z', usesLeft: 5 },
    ]);
    await renderAt('/myaccount/couponoffer');
    expect(await screen.findByText('Something went wrong ...')).toBeInTheDocument();
    expect(screen.getByText('The offers could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('SAVE100')).toBeInTheDocument();
  });
});
