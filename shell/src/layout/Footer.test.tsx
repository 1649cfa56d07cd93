import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http } from '@marketplace/shared';
import { signInAs, signOut } from '@marketplace/shared/testing';
import { Footer } from './Footer';

function renderFooter() {
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

afterEach(() => jest.useRealTimers());

const information = () => within(screen.getByRole('navigation', { name: 'Information' }));

describe('footer', () => {
  it('shows the current year and links /newarrival as Cart', () => {
    // The clock at the edge: a year no hard-coded text would match, and no midnight of 31 December to race.
    jest.useFakeTimers({ now: new Date('2031-06-15T12:00:00Z') });
    renderFooter();
    expect(screen.getByText(/© 2031 Marketplace/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/newarrival');
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('list', { name: 'Payment methods we accept' })).toHaveTextContent(/VISA/);
    expect(screen.getByRole('link', { name: 'Facebook' })).toBeInTheDocument();
  });

  it('thanks a newsletter subscriber in words, without calling the API', async () => {
    const user = userEvent.setup();
    const post = jest.spyOn(http, 'post');
    renderFooter();
    await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'SUBSCRIBE' }));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you for subscribing!');
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(post).not.toHaveBeenCalled();
    post.mockRestore();
  });

  it('shows Contact Us to signed-in customers only, as the header does', () => {
    renderFooter();
    expect(
      information()
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['About Us', 'FAQ', 'Reviews']);
    expect(screen.queryByRole('link', { name: 'Contact Us' })).not.toBeInTheDocument();

    signInAs();
    expect(
      information()
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['About Us', 'FAQ', 'Contact Us', 'Reviews']);
    expect(information().getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

    signOut();
    expect(screen.queryByRole('link', { name: 'Contact Us' })).not.toBeInTheDocument();
  });
});
