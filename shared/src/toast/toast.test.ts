import { toast } from 'react-toastify';
import { waitFor } from '@testing-library/react';
import { notify, onToastsWanted, parseToast, TOAST_OPTIONS, toastsWanted } from './toast';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), warning: jest.fn(), error: jest.fn() } }));

describe('toast convention', () => {
  it('reads the code after the last comma', () => {
    expect(parseToast('Order Placed,1')).toEqual({ text: 'Order Placed', kind: 'success' });
    expect(parseToast('Otp Expire Try Again,2')).toEqual({ text: 'Otp Expire Try Again', kind: 'warning' });
    expect(parseToast('Wrong OTP,3')).toEqual({ text: 'Wrong OTP', kind: 'error' });
    expect(parseToast('Hello, world,1')).toEqual({ text: 'Hello, world', kind: 'success' });
  });

  it('treats a message without a code as an error', () => {
    expect(parseToast('Something went Wrong')).toEqual({ text: 'Something went Wrong', kind: 'error' });
  });

  it('shows the toast top-centre for 1500 ms, and says toasts are wanted from the first one on', async () => {
    const wanted = jest.fn();
    const stop = onToastsWanted(wanted);
    expect(toastsWanted()).toBe(false);
    notify('Coupon Applied Successfully,1');
    expect(toastsWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon Applied Successfully', TOAST_OPTIONS));
    expect(TOAST_OPTIONS).toEqual({ position: 'top-center', autoClose: 1500 });
    notify('Unauthorized User,3');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unauthorized User', TOAST_OPTIONS));
    expect(wanted).toHaveBeenCalledTimes(1);
    stop();
  });
});
