import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FaqPage } from './FaqPage';

it('shows eight questions whose answers open and close', async () => {
  const user = userEvent.setup();
  const { container } = render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );
  const items = container.querySelectorAll('details');
  expect(items).toHaveLength(8);
  const question = screen.getByText('How much does shipping cost?');
  const item = question.closest('details')!;
  expect(item).not.toHaveAttribute('open');
  await user.click(question);
  expect(item).toHaveAttribute('open');
  await user.click(question);
  expect(item).not.toHaveAttribute('open');
});
