import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Field } from './Field';
import { numberIn, required, useFormFields, useProgressiveForm, type Check } from './useForm';

const ORDER = ['name', 'low', 'high'] as const;
type Key = (typeof ORDER)[number];
const CHECKS: Record<Key, Check<Key>> = {
  name: required('Please Enter Name '),
  low: numberIn('Please Enter Low', { above: 0, max: 100 }),
  // Compares two fields: the form hands every value to each check.
  high: (value, values) => (Number(value) > Number(values.low) ? null : 'High must be above Low'),
};

function ProgressiveForm({ initial }: { initial?: Partial<Record<Key, string>> }): ReactElement {
  const form = useProgressiveForm<Key>(ORDER, CHECKS, initial);
  return (
    <form aria-label="Progressive">
      {ORDER.map((key) => (
        <Field key={key} id={key} label={key} {...form.bind(key)} />
      ))}
      <button type="button" onClick={form.touchAll}>
        Check all
      </button>
      <p>{form.valid ? 'All pass' : 'Not yet'}</p>
    </form>
  );
}

const field = (name: string) => screen.getByLabelText(name);

describe('useProgressiveForm', () => {
  it('unlocks the fields one after another and relocks the later ones when an earlier one breaks', async () => {
    const user = userEvent.setup();
    render(<ProgressiveForm />);
    expect(field('name')).toBeEnabled();
    expect(field('low')).toBeDisabled();
    expect(field('high')).toBeDisabled();

    await user.type(field('name'), 'Asha');
    expect(field('low')).toBeEnabled();
    expect(field('high')).toBeDisabled();
    await user.type(field('low'), '10');
    await user.type(field('high'), '20');
    expect(screen.getByText('All pass')).toBeInTheDocument();

    await user.clear(field('name'));
    expect(field('low')).toBeDisabled();
    expect(field('high')).toBeDisabled();
    expect(screen.getByText('Not yet')).toBeInTheDocument();
  });

  it("shows a field's message once visited, only while it fails and while the field is unlocked", async () => {
    const user = userEvent.setup();
    render(<ProgressiveForm />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(field('name'));
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Please Enter Name ');
    await user.type(field('name'), 'Asha');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(field('low'), '50');
    await user.type(field('high'), '5');
    expect(screen.getByRole('alert')).toHaveTextContent('High must be above Low');
    // Breaking Name locks High: its message goes until it can be put right.
    await user.clear(field('name'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Please Enter Name ']);
  });

  it('starts from given values (an edit form) and touchAll shows every message at once', async () => {
    const user = userEvent.setup();
    render(<ProgressiveForm initial={{ name: 'Asha', low: '200' }} />);
    expect(field('name')).toHaveValue('Asha');
    expect(field('low')).toBeEnabled();
    expect(field('high')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check all' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Please Enter Low']);
  });
});

function PlainForm(): ReactElement {
  const { values, touched, field: bindField } = useFormFields({ email: '' });
  return (
    <Field
      id="email"
      label="Email"
      error={touched.email && !values.email ? 'Please Enter Email' : null}
      {...bindField('email')}
    />
  );
}

describe('useFormFields', () => {
  it('keeps the typed values and shows a message only after the user has been to the field', async () => {
    const user = userEvent.setup();
    render(<PlainForm />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(field('Email'));
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Please Enter Email');
    await user.type(field('Email'), 'a@b.co');
    expect(field('Email')).toHaveValue('a@b.co');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('checks', () => {
  it('required refuses blanks', () => {
    const check = required('Please Enter Title');
    expect(check('  ', {})).toBe('Please Enter Title');
    expect(check(' x ', {})).toBeNull();
  });

  it('numberIn takes numbers above its floor and up to its maximum', () => {
    const rating = numberIn('Please Enter Rating', { above: 0, max: 5 });
    expect(['0', '5.1', 'abc', '', '-1'].map((v) => rating(v, {}))).toEqual(Array(5).fill('Please Enter Rating'));
    expect(['0.1', '4.5', '5', ' 3 '].map((v) => rating(v, {}))).toEqual([null, null, null, null]);
  });
});
