import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, SubmitButton } from './Field';

describe('Field', () => {
  it('labels its input and ties the hint to it', () => {
    render(<Field id="email" label="Email" hint="We never share it" required value="" onChange={() => undefined} />);
    // The required star is not read out: aria-required says it.
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We never share it');
  });

  it('shows its message as ${id}-error, marks the control invalid and announces the message', () => {
    render(
      <Field
        id="email"
        label="Email"
        hint="We never share it"
        error="Please Enter Email "
        value=""
        onChange={() => undefined}
      />,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'email-error email-hint');
    const message = screen.getByRole('alert');
    expect(message).toHaveAttribute('id', 'email-error');
    // The spec's texts are shown as written, trailing space included.
    expect(message.textContent).toBe('Please Enter Email ');
  });

  it('renders a select with its placeholder first, from plain texts or value/label pairs', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    const { rerender } = render(
      <Field
        as="select"
        id="gender"
        label="Gender"
        placeholder="Select Gender"
        options={[{ value: 'male', label: 'Male' }]}
        value=""
        onChange={(e) => chosen.push(e.target.value)}
      />,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select Gender', 'Male']);
    await user.selectOptions(screen.getByLabelText('Gender'), 'Male');
    expect(chosen).toEqual(['male']);

    rerender(
      <Field
        as="select"
        id="gender"
        label="Gender"
        placeholder="Select Country"
        options={['India', 'United Kingdom']}
        value="India"
        onChange={() => undefined}
      />,
    );
    expect(screen.getByLabelText('Gender')).toHaveValue('India');
  });

  it('renders a textarea, an optional marker and an action beside the control', () => {
    render(
      <Field
        as="textarea"
        id="note"
        label="Order Note"
        optional
        value=""
        onChange={() => undefined}
        action={<button type="button">Apply</button>}
      />,
    );
    expect(screen.getByLabelText(/^Order Note/).tagName).toBe('TEXTAREA');
    expect(screen.getByText('(optional)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });
});

describe('SubmitButton', () => {
  it('is a submit button showing its text while idle', () => {
    render(
      <SubmitButton busy={false} busyLabel="Signing in">
        LOGIN
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'LOGIN' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('while busy is disabled, marked busy and says what it is doing', () => {
    render(
      <SubmitButton busy busyLabel="Signing in">
        LOGIN
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Signing in' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Signing in');
  });

  it('can be an action button outside a form', async () => {
    const user = userEvent.setup();
    const clicks: number[] = [];
    render(
      <SubmitButton type="button" busy={false} busyLabel="Placing Order…" onClick={() => clicks.push(1)}>
        Place Order
      </SubmitButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveAttribute('type', 'button');
    expect(clicks).toHaveLength(1);
  });
});

describe('Field on a server-rendered page', () => {
  it('keeps what was typed before the page was hydrated, as if typed after', async () => {
    const { useState, act } = await import('react');
    const { hydrateRoot } = await import('react-dom/client');
    const { renderToString } = await import('react-dom/server');
    function BidBox() {
      const [bid, setBid] = useState('');
      return (
        <>
          <Field id="bid" label="Your BID" value={bid} onChange={(e) => setBid(e.target.value)} />
          <output>{bid || 'empty'}</output>
        </>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<BidBox />);
    // The shopper types while the page's code is still loading.
    container.querySelector('input')!.value = '1750';
    const onRecoverableError = jest.fn();
    let root: import('react-dom/client').Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <BidBox />, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.querySelector('output')!.textContent).toBe('1750');
    expect(container.querySelector('input')!.value).toBe('1750');
    act(() => root!.unmount());
    container.remove();
  });
});
