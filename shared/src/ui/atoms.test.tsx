import { render, screen } from '@testing-library/react';
import { Price, formatAddress, formatPrice } from './atoms';

describe('formatAddress', () => {
  it('writes an address on one line, its parts trimmed and the empty ones left out', () => {
    const address = {
      streetadd: ' 1 MG Road ',
      landmark: '',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      postal: '560001',
    } as const;
    expect(formatAddress(address)).toBe('1 MG Road, Bengaluru, Karnataka, India, 560001');
  });
});

describe('formatPrice and Price', () => {
  it('print money with Indian digit grouping, paise only when the amount has them', () => {
    const printed = [0, 5, 999, 1000, 99999, 100000, 150000, 10000000, 1234.5, 9999999999, '38999'].map(formatPrice);
    expect(printed).toEqual([
      'Rs. 0',
      'Rs. 5',
      'Rs. 999',
      'Rs. 1,000',
      'Rs. 99,999',
      'Rs. 1,00,000',
      'Rs. 1,50,000',
      'Rs. 1,00,00,000',
      'Rs. 1,234.50',
      'Rs. 9,99,99,99,999',
      'Rs. 38,999',
    ]);
    render(<Price value={67990} />);
    expect(screen.getByText('Rs. 67,990')).toBeInTheDocument();
  });
});
