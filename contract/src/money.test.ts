import { formatRupees } from './rules';

/** Intl's en-IN grouping (full ICU in Node 20), the reference the hand-written grouping must match. */
const intlIndian = (amount: number): string =>
  `Rs. ${amount.toLocaleString('en-IN', Number.isInteger(amount) ? {} : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('formatRupees', () => {
  it('groups rupees as Indian shops print them: the last three digits, then pairs (lakh, crore)', () => {
    expect(formatRupees(0)).toBe('Rs. 0');
    expect(formatRupees(5)).toBe('Rs. 5');
    expect(formatRupees(999)).toBe('Rs. 999');
    expect(formatRupees(1000)).toBe('Rs. 1,000');
    expect(formatRupees(38999)).toBe('Rs. 38,999');
    expect(formatRupees(99999)).toBe('Rs. 99,999');
    expect(formatRupees(100000)).toBe('Rs. 1,00,000');
    expect(formatRupees(150000)).toBe('Rs. 1,50,000');
    expect(formatRupees(10000000)).toBe('Rs. 1,00,00,000');
  });

  it('shows paise only when the amount has them, always as two digits', () => {
    expect(formatRupees(1234.5)).toBe('Rs. 1,234.50');
    expect(formatRupees(1999.05)).toBe('Rs. 1,999.05');
    expect(formatRupees(0.5)).toBe('Rs. 0.50');
    expect(formatRupees(2700.0)).toBe('Rs. 2,700');
    // Past two decimals an amount is rounded to the paisa; a rounding to whole rupees shows none.
    expect(formatRupees(99.999)).toBe('Rs. 100');
  });

  it('prints the largest product price and the largest order total the contract allows', () => {
    // CreateProductBody's price maximum (products.ts; TypeBox does not load in this Jest project).
    expect(formatRupees(9999999999)).toBe('Rs. 9,99,99,99,999');
    // An order's total at most (the API's MAX_ORDER_TOTAL_PAISE, numeric(15, 2)).
    expect(formatRupees(9999999999999.99)).toBe('Rs. 99,99,99,99,99,999.99');
  });

  it('reads a numeric text as its amount and shows any other text as given', () => {
    expect(formatRupees('150000')).toBe('Rs. 1,50,000');
    expect(formatRupees(' 1234.5 ')).toBe('Rs. 1,234.50');
    expect(formatRupees('')).toBe('Rs. ');
    expect(formatRupees('on request')).toBe('Rs. on request');
  });

  it('puts the sign of a negative amount before Rs.', () => {
    expect(formatRupees(-150000)).toBe('-Rs. 1,50,000');
    expect(formatRupees(-0.001)).toBe('Rs. 0');
  });

  it('prints what Intl en-IN prints, so every engine renders the same text', () => {
    const amounts = [1, 12, 123, 1234, 12345, 123456, 1234567, 12345678, 123456789, 1234567890, 12345678901];
    for (const amount of [...amounts, ...amounts.map((a) => a + 0.25), 9999999999]) {
      expect(formatRupees(amount)).toBe(intlIndian(amount));
    }
  });
});
