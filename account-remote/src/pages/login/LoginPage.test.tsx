import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession } from '@marketplace/shared';
import { currentPath, mockApi, signInAs } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';
import { LoginPage } from './LoginPage';

const api = mockApi();

beforeEach(() => api.refreshCartCount.mockResolvedValue());

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
}

describe('/login', () => {
  it('on an empty submit shows both field messages and the toast, and sends nothing', async () => {
    await renderAt('/login');
    await fillAndSubmit('', '');
    expect(screen.getByText('Please Enter Email')).toBeInTheDocument();
    expect(screen.getByText('Please Enter Password')).toBeInTheDocument();
    expect(await screen.findByText('Please Enter Email or Password')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('with only the email filled still refuses and names the missing password', async () => {
    await renderAt('/login');
    await fillAndSubmit('asha@example.com', '');
    expect(screen.getByText('Please Enter Password')).toBeInTheDocument();
    expect(screen.queryByText('Please Enter Email')).not.toBeInTheDocument();
    expect(await screen.findByText('Please Enter Email or Password')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('shows a spinner while sending, then stores the session and goes home', async () => {
    let resolve!: (v: { firstname: string; lastname: string; authtoken: string }) => void;
    api.login.mockReturnValue(new Promise((r) => (resolve = r)));
    await renderAt('/login');
    await fillAndSubmit('asha@example.com', 'Secret#123');
    expect(api.login).toHaveBeenCalledWith('asha@example.com', 'Secret#123');
    expect(screen.getByRole('status')).toHaveTextContent('Signing in');
    expect(screen.queryByRole('button', { name: 'LOGIN' })).not.toBeInTheDocument();

    await act(async () => resolve({ firstname: 'Asha', lastname: 'Rao', authtoken: 'tok-1' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(useSession.getState().session).toEqual({ firstname: 'Asha', lastname: 'Rao', authtoken: 'tok-1' });
    expect(JSON.parse(sessionStorage.getItem('data')!)).toEqual({
      firstname: 'Asha',
      lastname: 'Rao',
      authtoken: 'tok-1',
    });
    expect(api.refreshCartCount).toHaveBeenCalled();
  });

  it("answers a 404 with 'Wrong Email or Password' and stays signed out", async () => {
    api.login.mockRejectedValue(new ApiError(404, 'not found'));
    await renderAt('/login');
    await fillAndSubmit('asha@example.com', 'Wrong#1234');
    expect(await screen.findByText('Wrong Email or Password')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(useSession.getState().session).toBeNull();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
  });

  it("shows the server's message for other failures, a rate limit included", async () => {
    api.login.mockRejectedValue(new ApiError(429, 'Too many attempts, try again in a minute'));
    await renderAt('/login');
    await fillAndSubmit('asha@example.com', 'Secret#123');
    expect(await screen.findByText('Too many attempts, try again in a minute')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it('links to signup and forgot password, and offers social sign-in only as disabled buttons', async () => {
    await renderAt('/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgetpassword');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeDisabled();
  });

  it.each(['/login', '/signup'])('sends a signed-in user opening %s to /alreadyloggedin', async (path) => {
    signInAs();
    await renderAt(path);
    await waitFor(() => expect(currentPath()).toBe('/alreadyloggedin'));
  });
});

describe('/login loaded from the server', () => {
  it('is rendered with its form, LOGIN and the link to /signup held until hydrated; then the link carries ?next=, which the server left out', async () => {
    // The rendering server keeps one /login for every next (its cache keys keep no other parameter).
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(
      <StaticRouter location="/login">
        <LoginPage />
      </StaticRouter>,
    );
    const page = within(container);
    expect(page.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(page.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(page.getByRole('button', { name: 'LOGIN' })).toBeDisabled();
    // Followed now, it would lose ?next=: text until the page is hydrated.
    expect(page.getByText('Create an account')).toBeInTheDocument();
    expect(page.queryByRole('link', { name: 'Create an account' })).toBeNull();

    const onRecoverableError = jest.fn();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <MemoryRouter initialEntries={['/login?next=%2Fviewcart%2F7']}>
          <LoginPage />
        </MemoryRouter>,
        { onRecoverableError },
      );
    });
    expect(page.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
    expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fviewcart%2F7',
    );
    expect(onRecoverableError).not.toHaveBeenCalled();
    act(() => root?.unmount());
    container.remove();
  });
});
