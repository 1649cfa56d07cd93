import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type NoticePrefs } from '@marketplace/shared';
import { customer, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../../testing/renderAt';

const api = mockApi();

const ALL_ON: NoticePrefs = {
  outbid: true,
  won: true,
  lost: true,
  sold: true,
  unsold: true,
  ending: true,
  shipped: true,
  delivered: true,
  neworder: true,
  ordercancelled: true,
};

beforeEach(() => {
  signInAs();
  api.getUserData.mockResolvedValue(customer());
  api.getOrdersPage.mockResolvedValue({ items: [], next: null });
  api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
});

const switches = async () => within(await screen.findByRole('list', { name: 'Notices' })).getAllByRole('switch');

describe('/myaccount/notifications', () => {
  it('shows a switch per kind, auctions and orders, in the account menu', async () => {
    api.getNoticePrefs.mockResolvedValue({ ...ALL_ON, lost: false, delivered: false });
    await renderAt('/myaccount/notifications');
    expect(await switches()).toHaveLength(7);
    const checked = ['Outbid', 'Won', 'Lost', 'Sold/Unsold', 'Ending soon', 'Shipping', 'Orders to ship'].map((name) =>
      screen.getByRole('switch', { name }).getAttribute('aria-checked'),
    );
    // Shipping is on while both of its kinds are.
    expect(checked).toEqual(['true', 'true', 'false', 'true', 'true', 'false', 'true']);
    expect(screen.getByRole('switch', { name: 'Orders to ship' })).toHaveAccessibleDescription(
      'When an order brings you something to ship, or its buyer cancels it.',
    );
    const menu = screen.getByRole('navigation', { name: 'My account' });
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
  });

  it('saves a switch at once with a toast; Sold/Unsold turns both kinds', async () => {
    const user = userEvent.setup();
    api.getNoticePrefs.mockResolvedValue(ALL_ON);
    api.setNoticePrefs.mockResolvedValueOnce({ ...ALL_ON, outbid: false });
    api.setNoticePrefs.mockResolvedValueOnce({ ...ALL_ON, outbid: false, sold: false, unsold: false });
    await renderAt('/myaccount/notifications');
    await user.click(await screen.findByRole('switch', { name: 'Outbid' }));
    expect(api.setNoticePrefs).toHaveBeenLastCalledWith({ outbid: false });
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(await toastKind('Notification settings saved')).toBe('success');
    expect(screen.getByRole('switch', { name: 'Outbid' })).toHaveAttribute('aria-checked', 'false');

    await user.click(screen.getByRole('switch', { name: 'Sold/Unsold' }));
    expect(api.setNoticePrefs).toHaveBeenLastCalledWith({ sold: false, unsold: false });
    expect(await screen.findByRole('switch', { name: 'Sold/Unsold', checked: false })).toBeInTheDocument();

    api.setNoticePrefs.mockResolvedValueOnce({ ...ALL_ON, neworder: false, ordercancelled: false });
    await user.click(screen.getByRole('switch', { name: 'Orders to ship' }));
    expect(api.setNoticePrefs).toHaveBeenLastCalledWith({ neworder: false, ordercancelled: false });
    expect(await screen.findByRole('switch', { name: 'Orders to ship', checked: false })).toBeInTheDocument();
  });

  it('keeps the switch as it was and says why when saving fails', async () => {
    const user = userEvent.setup();
    api.getNoticePrefs.mockResolvedValue(ALL_ON);
    api.setNoticePrefs.mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt('/myaccount/notifications');
    await user.click(await screen.findByRole('switch', { name: 'Ending soon' }));
    expect(await screen.findByText(/Network Error|Something went wrong/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ending soon' })).toHaveAttribute('aria-checked', 'true');
  });

  it("says 'Something went wrong ...' when the settings cannot be loaded, and Try again loads them", async () => {
    const user = userEvent.setup();
    api.getNoticePrefs.mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    api.getNoticePrefs.mockResolvedValueOnce(ALL_ON);
    await renderAt('/myaccount/notifications');
    expect(await screen.findByText(/Your notification settings could not be loaded/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await switches()).toHaveLength(7);
  });
});
