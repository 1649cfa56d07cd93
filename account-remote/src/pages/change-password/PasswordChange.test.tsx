import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession } from '@marketplace/shared';
import { currentPath, mockApi, signInAs } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';
import { getCookie, setCookie } from '../../lib/cookies';

const api = mockApi();

const RULE = 'Password should contain Uppercase, Lowercase, Special Symbol and Length should be greater 8';

const newPassword = () => screen.getByLabelText(/^New Password/, { selector: 'input' });

describe('/changepassword', () => {
  it('sends a signed-out visitor to /login, which brings them back', async () => {
    await renderAt('/changepassword');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fchangepassword'));
  });

  it("answers a wrong old password with 'Wrong Password'", async () => {
    signInAs();
    api.checkPassword.mockRejectedValue(new ApiError(400, 'Wrong Password'));
    const user = userEvent.setup();
    await renderAt('/changepassword');
    await user.type(screen.getByLabelText(/^Current Password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await screen.findByText('Wrong Password')).toBeInTheDocument();
    expect(currentPath()).toBe('/changepassword');
    expect(sessionStorage.getItem('passwordproof')).toBeNull();
  });

  it('keeps the proof of a right old password and opens /newpassword', async () => {
    signInAs();
    api.checkPassword.mockResolvedValue({ proof: 'proof-1' });
    const user = userEvent.setup();
    await renderAt('/changepassword');
    await user.type(screen.getByLabelText(/^Current Password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    await waitFor(() => expect(currentPath()).toBe('/newpassword'));
    expect(api.checkPassword).toHaveBeenCalledWith('Secret#123');
    expect(sessionStorage.getItem('passwordproof')).toBe('proof-1');
  });
});

describe('/newpassword', () => {
  it('shows the empty and the rule message, and sends nothing until the password passes', async () => {
    setCookie('userauth', 'reset-tok', { maxAgeMs: 700_000 });
    const user = userEvent.setup();
    await renderAt('/newpassword');
    await user.click(screen.getByRole('button', { name: 'SAVE PASSWORD' }));
    expect(screen.getByText('Please Enter Password')).toBeInTheDocument();
    await user.type(newPassword(), 'password1');
    expect(screen.getByText(RULE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SAVE PASSWORD' }));
    expect(api.completePasswordReset).not.toHaveBeenCalled();
    await user.clear(newPassword());
    await user.type(newPassword(), 'Passw0rd!');
    expect(screen.queryByText(RULE)).not.toBeInTheDocument();
  });

  it('finishes a reset with the reset-token cookie and goes to /logout', async () => {
    setCookie('userauth', 'reset-tok', { maxAgeMs: 700_000 });
    api.completePasswordReset.mockResolvedValue({ msg: 'Password Updated Successfully' });
    const user = userEvent.setup();
    await renderAt('/newpassword');
    await user.type(newPassword(), 'N3w#Password');
    await user.click(screen.getByRole('button', { name: 'SAVE PASSWORD' }));
    expect(api.completePasswordReset).toHaveBeenCalledWith('reset-tok', 'N3w#Password');
    expect(await screen.findByText('Password Updated Successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/logout'));
    expect(getCookie('userauth')).toBeNull();
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('finishes a change with the proof, stores the new session and goes to /logout', async () => {
    signInAs();
    sessionStorage.setItem('passwordproof', 'proof-1');
    api.changePassword.mockResolvedValue({ firstname: 'Asha', lastname: 'Rao', authtoken: 'new-tok' });
    const user = userEvent.setup();
    await renderAt('/newpassword');
    await user.type(newPassword(), 'N3w#Password');
    await user.click(screen.getByRole('button', { name: 'SAVE PASSWORD' }));
    expect(api.changePassword).toHaveBeenCalledWith('proof-1', 'N3w#Password');
    await waitFor(() => expect(currentPath()).toBe('/logout'));
    expect(useSession.getState().session?.authtoken).toBe('new-tok');
    expect(sessionStorage.getItem('passwordproof')).toBeNull();
  });

  it('sends a used-up proof back to the old-password check with the server message', async () => {
    signInAs();
    sessionStorage.setItem('passwordproof', 'proof-1');
    api.changePassword.mockRejectedValue(new ApiError(400, 'Please confirm your old password again'));
    const user = userEvent.setup();
    await renderAt('/newpassword');
    await user.type(newPassword(), 'N3w#Password');
    await user.click(screen.getByRole('button', { name: 'SAVE PASSWORD' }));
    expect(await screen.findByText('Please confirm your old password again')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/changepassword'));
  });

  it('opened without a reset or a change in progress, says so and offers both ways', async () => {
    await renderAt('/newpassword');
    expect(screen.queryByLabelText(/^New Password/, { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgetpassword');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/changepassword');
  });
});
