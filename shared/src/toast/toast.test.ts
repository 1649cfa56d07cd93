import { toast } from 'react-toastify';
import { waitFor } from '@testing-library/react';
import { notify, onToastsWanted, TOAST_OPTIONS, toastsWanted } from './toast';
import { ToastText } from './ToastText';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), warning: jest.fn(), error: jest.fn() } }));

describe('notify', () => {
  it('shows the toast top-centre for 1500 ms, and says toasts are wanted from the first one on', async () => {
    const wanted = jest.fn();
    const stop = onToastsWanted(wanted);
    expect(toastsWanted()).toBe(false);
    notify({ text: 'Coupon Applied Successfully', kind: 'success' });
    expect(toastsWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon Applied Successfully', TOAST_OPTIONS));
    expect(TOAST_OPTIONS).toEqual({ position: 'top-center', autoClose: 1500 });
    notify({ text: 'Unauthorized User', kind: 'error' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unauthorized User', TOAST_OPTIONS));
    expect(wanted).toHaveBeenCalledTimes(1);
    stop();
  });

  it('shows the whole text in the colour of its kind, commas and digits included', async () => {
    notify({ text: 'Enter Rs. 1,000 or more', kind: 'warning' });
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Enter Rs. 1,000 or more', TOAST_OPTIONS));
  });

  it('puts the link after the text when one is given', async () => {
    const link = { to: '/myaccount/manageorder?orderid=7', label: 'View order' };
    notify({ text: 'You won "Old coin"', kind: 'success', link });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        expect.objectContaining({ type: ToastText, props: { text: 'You won "Old coin"', link } }),
        TOAST_OPTIONS,
      ),
    );
  });
});
