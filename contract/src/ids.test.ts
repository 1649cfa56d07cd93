import { MAX_ID, parseId } from './rules';

describe('parseId', () => {
  it('reads a route param as a positive whole number up to MAX_ID', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId('007')).toBe(7);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('refuses anything else', () => {
    for (const text of [undefined, null, '', '0', '-1', '1.5', '1e3', ' 1', 'abc', String(MAX_ID + 1), '12345678901']) {
      expect(parseId(text)).toBeNull();
    }
  });
});
