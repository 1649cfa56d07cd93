import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@marketplace/shared';
import { currentPath, mockApi, signInAs } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

beforeEach(() => {
  api.login.mockResolvedValue({ firstname: 'Asha', lastname: 'Rao', authtoken: 'tok-1' });
  api.signup.mockResolvedValue({ msg: 'Signup Successfully' });
  api.getUserData.mockReturnValue(new Promise(() => undefined));
  api.refreshCartCount.mockResolvedValue();
});

async function logIn(): Promise<void> {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
}

describe('coming back after signing in (issue 18, item 1)', () => {
  it('goes to the safe next after a login: Add to Cart comes back to /viewcart/{id}, which adds it', async () => {
    await renderAt('/login?next=%2Fviewcart%2F7');
    await logIn();
    await waitFor(() => expect(currentPath()).toBe('/viewcart/7'));
    expect(useSession.getState().session?.authtoken).toBe('tok-1');
    expect(api.refreshCartCount).toHaveBeenCalled();
  });

  it('comes back to the product page with its query', async () => {
    await renderAt(`/login?next=${encodeURIComponent('/productdetails/3?from=card')}`);
    await logIn();
    await waitFor(() => expect(currentPath()).toBe('/productdetails/3?from=card'));
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/logout'])(
    'ignores the unsafe next %p and goes home',
    async (next) => {
      await renderAt(`/login?next=${encodeURIComponent(next)}`);
      await logIn();
      await waitFor(() => expect(currentPath()).toBe('/'));
    },
  );

  it('hands next on to Create an account, and sign-up hands it back to /login', async () => {
    const user = userEvent.setup();
    await renderAt('/login?next=%2Fwishlist');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?next=%2Fwishlist');
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(currentPath()).toBe('/signup?next=%2Fwishlist'));
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Fwishlist');
    expect(screen.getByRole('link', { name: 'Return to Store' })).toHaveAttribute('href', '/');

    await user.type(screen.getByLabelText(/^First Name/), 'Asha');
    await user.type(screen.getByLabelText(/^Last Name/), 'Rao');
    fireEvent.change(screen.getByLabelText(/^Birthday/), { target: { value: '1995-04-12' } });
    await user.selectOptions(screen.getByLabelText(/^Gender/), 'Female');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.type(screen.getByLabelText(/^Phone/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'CREATE' }));
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fwishlist'));

    await logIn();
    await waitFor(() => expect(currentPath()).toBe('/wishlist'));
  });

  it('a signed-in shopper opening /login with a safe next goes straight there, without one to /alreadyloggedin', async () => {
    signInAs();
    const first = await renderAt('/login?next=%2Fproductdetails%2F3');
    await waitFor(() => expect(currentPath()).toBe('/productdetails/3'));
    first.unmount();
    await renderAt('/signup?next=%2F%2Fevil.example');
    await waitFor(() => expect(currentPath()).toBe('/alreadyloggedin'));
  });

  it('the account area sends a visitor to /login with the page as next', async () => {
    await renderAt('/myaccount/myproducts');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fmyaccount%2Fmyproducts'));
  });

  it('/changepassword sends a visitor to /login with next', async () => {
    await renderAt('/changepassword');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fchangepassword'));
  });
});
