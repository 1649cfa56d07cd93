import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@marketplace/shared';
import { currentPath, mockApi, signInAs } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';
import { getCookie, setCookie } from '../../lib/cookies';

const api = mockApi();

const box = (n: number) => screen.getByLabelText<HTMLInputElement>(`Character ${n} of 6`);
const boxValues = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('');

/** The state /forgetpassword leaves behind. */
function startedReset() {
  setCookie('otpResetEmail', 'asha@example.com', { maxAgeMs: 70_000 });
  sessionStorage.setItem('resettoken', 'reset-tok');
}

describe('/forgetpassword', () => {
  it('asks for the email when it is empty', async () => {
    await renderAt('/forgetpassword');
    await userEvent.setup().click(screen.getByRole('button', { name: 'SEND CODE' }));
    expect(screen.getByText('Please Enter Email')).toBeInTheDocument();
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('keeps the email in a cookie and the reset token in sessionStorage, then opens the code page', async () => {
    let resolve!: (v: { resetToken: string; email: string }) => void;
    api.requestPasswordReset.mockReturnValue(new Promise((r) => (resolve = r)));
    const user = userEvent.setup();
    await renderAt('/forgetpassword');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'SEND CODE' }));
    expect(api.requestPasswordReset).toHaveBeenCalledWith('asha@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('Sending the code');
    await act(async () => resolve({ resetToken: 'reset-tok', email: 'asha@example.com' }));
    await waitFor(() => expect(currentPath()).toBe('/otpresetpass'));
    expect(getCookie('otpResetEmail')).toBe('asha@example.com');
    expect(sessionStorage.getItem('resettoken')).toBe('reset-tok');
  });

  it("shows the server's message when the request fails (rate limit)", async () => {
    api.requestPasswordReset.mockRejectedValue(new ApiError(429, 'Too many reset requests, try again later'));
    const user = userEvent.setup();
    await renderAt('/forgetpassword');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'SEND CODE' }));
    expect(await screen.findByText('Too many reset requests, try again later')).toBeInTheDocument();
    expect(currentPath()).toBe('/forgetpassword');
  });
});

describe('/otpresetpass', () => {
  it('moves to the next box after each character', async () => {
    const user = userEvent.setup();
    await renderAt('/otpresetpass');
    expect(box(1)).toHaveFocus();
    await user.keyboard('4');
    expect(box(2)).toHaveFocus();
    await user.keyboard('7');
    expect(box(3)).toHaveFocus();
    await user.keyboard('A9');
    expect(box(5)).toHaveFocus();
    expect(boxValues()).toBe('47A9');
  });

  it('Backspace clears and moves back to the previous box', async () => {
    const user = userEvent.setup();
    await renderAt('/otpresetpass');
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(3)).toHaveFocus();
    expect(boxValues()).toBe('12');
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(boxValues()).toBe('1');
    await user.keyboard('9');
    expect(boxValues()).toBe('19');
  });

  it.each([1, 4, 6])('pasting a whole code into box %i fills all six', async (n) => {
    const user = userEvent.setup();
    await renderAt('/otpresetpass');
    await user.click(box(n));
    await user.paste('823 614');
    expect(boxValues()).toBe('823614');
    expect(screen.getByRole('button', { name: 'Validate' })).toBeEnabled();
  });

  it("with the reset-email cookie gone: 'Otp Expire Try Again', session storage cleared, back to /login", async () => {
    sessionStorage.setItem('resettoken', 'reset-tok');
    signInAs();
    const user = userEvent.setup();
    await renderAt('/otpresetpass');
    await user.click(box(1));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Otp Expire Try Again')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(sessionStorage.length).toBe(0);
    expect(api.verifyResetOtp).not.toHaveBeenCalled();
  });

  it('a right code: spinner, reset-token cookie for the password step, session storage cleared, /newpassword', async () => {
    startedReset();
    let resolve!: (ok: boolean) => void;
    api.verifyResetOtp.mockReturnValue(new Promise((r) => (resolve = r)));
    const user = userEvent.setup();
    await renderAt('/otpresetpass');
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(api.verifyResetOtp).toHaveBeenCalledWith('123456', 'asha@example.com', 'reset-tok');
    expect(screen.queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking the code');
    await act(async () => resolve(true));
    await waitFor(() => expect(currentPath()).toBe('/newpassword'));
    expect(getCookie('userauth')).toBe('reset-tok');
    expect(sessionStorage.getItem('resettoken')).toBeNull();
  });

  it("a wrong code: 'Wrong OTP', session storage cleared, /login, no token cookie", async () => {
    startedReset();
    api.verifyResetOtp.mockResolvedValue(false);
    const user = userEvent.setup();
    await renderAt('/otpresetpass');
    await user.click(box(1));
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Wrong OTP')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(sessionStorage.getItem('resettoken')).toBeNull();
    expect(getCookie('userauth')).toBeNull();
  });

  it('keeps Validate disabled until all six boxes hold a character', async () => {
    await renderAt('/otpresetpass');
    fireEvent.change(box(1), { target: { value: '1' } });
    expect(screen.getByRole('button', { name: 'Validate' })).toBeDisabled();
  });
});
