import { formatAddress } from './atoms';

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
