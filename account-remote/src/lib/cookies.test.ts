import { deleteCookie, getCookie, setCookie } from './cookies';

describe('cookies', () => {
  it('reads back what it wrote, characters that need encoding included', () => {
    setCookie('otpResetEmail', 'a+b=c; d@example.com', { maxAgeMs: 70_000 });
    setCookie('other', 'x', { maxAgeMs: 70_000 });
    expect(getCookie('otpResetEmail')).toBe('a+b=c; d@example.com');
    expect(getCookie('other')).toBe('x');
  });

  it('answers null for a missing cookie, and after delete', () => {
    expect(getCookie('userauth')).toBeNull();
    setCookie('userauth', 'tok', { maxAgeMs: 700_000 });
    deleteCookie('userauth');
    expect(getCookie('userauth')).toBeNull();
  });

  it('writes max-age in seconds, path / and SameSite=Lax', () => {
    const writes: string[] = [];
    const spy = jest.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => void writes.push(v));
    setCookie('userauth', 'tok', { maxAgeMs: 700_000 });
    spy.mockRestore();
    expect(writes).toEqual(['userauth=tok; max-age=700; path=/; SameSite=Lax']);
  });
});
