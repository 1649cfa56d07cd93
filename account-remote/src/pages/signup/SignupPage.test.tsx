import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@marketplace/shared';
import { currentPath, mockApi } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

const field = {
  first: () => screen.getByLabelText(/^First Name/),
  last: () => screen.getByLabelText(/^Last Name/),
  birthday: () => screen.getByLabelText(/^Birthday/),
  gender: () => screen.getByLabelText(/^Gender/),
  email: () => screen.getByLabelText(/^Email/),
  password: () => screen.getByLabelText(/^Password/),
  phone: () => screen.getByLabelText(/^Phone/),
};
const create = () => screen.getByRole('button', { name: 'CREATE' });

async function fillValid(user: ReturnType<typeof userEvent.setup>, gender = 'Female') {
  await user.type(field.first(), 'Asha');
  await user.type(field.last(), 'Rao');
  fireEvent.change(field.birthday(), { target: { value: '1995-04-12' } });
  await user.selectOptions(field.gender(), gender);
  await user.type(field.email(), 'asha@example.com');
  await user.type(field.password(), 'Secret#123');
  await user.type(field.phone(), '9876543210');
}

describe('/signup', () => {
  it('unlocks the fields one after another, each once the previous one passes', async () => {
    const user = userEvent.setup();
    await renderAt('/signup');
    expect(field.first()).toBeEnabled();
    for (const f of [field.last, field.birthday, field.gender, field.email, field.password, field.phone]) {
      expect(f()).toBeDisabled();
    }
    expect(create()).toBeDisabled();

    await user.type(field.first(), 'Asha');
    expect(field.last()).toBeEnabled();
    expect(field.birthday()).toBeDisabled();
    await user.type(field.last(), 'Rao');
    expect(field.birthday()).toBeEnabled();
    fireEvent.change(field.birthday(), { target: { value: '1995-04-12' } });
    expect(field.gender()).toBeEnabled();
    await user.selectOptions(field.gender(), 'Male');
    expect(field.email()).toBeEnabled();
    await user.type(field.email(), 'asha@example.com');
    expect(field.password()).toBeEnabled();
    await user.type(field.password(), 'Secret#123');
    expect(field.phone()).toBeEnabled();
    expect(create()).toBeDisabled();
    await user.type(field.phone(), '9876543210');
    expect(create()).toBeEnabled();

    // Breaking an earlier field locks the later ones again and disables CREATE.
    await user.clear(field.first());
    expect(screen.getByText('Please Enter First Name')).toBeInTheDocument();
    expect(field.last()).toBeDisabled();
    expect(field.phone()).toBeDisabled();
    expect(create()).toBeDisabled();
  });

  it("shows each field's own message when that field is wrong", async () => {
    const user = userEvent.setup();
    await renderAt('/signup');
    await fillValid(user);
    expect(screen.queryByText(/^Please /)).not.toBeInTheDocument();

    await user.clear(field.phone());
    await user.type(field.phone(), '98765');
    expect(screen.getByText('Please Enter Phone number')).toBeInTheDocument();
    expect(create()).toBeDisabled();
    await user.type(field.phone(), '43210');
    expect(screen.queryByText('Please Enter Phone number')).not.toBeInTheDocument();

    await user.clear(field.password());
    await user.type(field.password(), 'secret123'); // no uppercase, no symbol
    expect(screen.getByText('Please Enter Password')).toBeInTheDocument();
    expect(create()).toBeDisabled();
    await user.clear(field.password());
    await user.type(field.password(), 'Secret#123');

    await user.clear(field.email());
    await user.type(field.email(), 'asha@ex');
    expect(screen.getByText('Please Enter Email')).toBeInTheDocument();
    expect(field.password()).toBeDisabled();
    await user.clear(field.email());
    await user.type(field.email(), 'asha@example.com');

    await user.selectOptions(field.gender(), '');
    expect(screen.getByText('Please Enter Gender')).toBeInTheDocument();
    await user.selectOptions(field.gender(), 'Male');

    fireEvent.change(field.birthday(), { target: { value: '' } });
    expect(screen.getByText('Please Select Birth Date')).toBeInTheDocument();
    fireEvent.change(field.birthday(), { target: { value: '1995-04-12' } });

    await user.clear(field.last());
    expect(screen.getByText('Please Enter Last Name')).toBeInTheDocument();
    await user.type(field.last(), '   ');
    expect(screen.getByText('Please Enter Last Name')).toBeInTheDocument();
  });

  it.each([
    ['Male', 'male'],
    ['Female', 'female'],
  ])('sends gender %s as %s, toasts the server message and goes to /login', async (label, value) => {
    api.signup.mockResolvedValue({ msg: 'Account Created Successfully' });
    const user = userEvent.setup();
    await renderAt('/signup');
    await fillValid(user, label);
    await user.click(create());
    expect(api.signup).toHaveBeenCalledWith({
      firstname: 'Asha',
      lastname: 'Rao',
      createdate: '1995-04-12',
      gender: value,
      email: 'asha@example.com',
      password: 'Secret#123',
      phonenum: '9876543210',
      address: '',
    });
    expect(await screen.findByText('Account Created Successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it("shows the server's message when the email is already registered, and stays", async () => {
    api.signup.mockRejectedValue(new ApiError(409, 'Email already registered, please login'));
    const user = userEvent.setup();
    await renderAt('/signup');
    await fillValid(user);
    await user.click(create());
    expect(await screen.findByText('Email already registered, please login')).toBeInTheDocument();
    expect(currentPath()).toBe('/signup');
    expect(create()).toBeEnabled();
  });

  it("links 'Return to Store' to the home page", async () => {
    await renderAt('/signup');
    expect(screen.getByRole('link', { name: 'Return to Store' })).toHaveAttribute('href', '/');
  });
});
