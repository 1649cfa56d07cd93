import { linkTo } from '../links';
import { nextFrom, safeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/productdetails/7', '/productdetails/7'],
    ['/viewcart/7', '/viewcart/7'],
    ['/newarrival/red%20shirt?x=1#top', '/newarrival/red%20shirt?x=1#top'],
    ['/myaccount/myproducts', '/myaccount/myproducts'],
    ['/a/../wishlist', '/wishlist'],
  ])('keeps the same-site path %s', (raw, kept) => {
    expect(safeReturnPath(raw)).toBe(kept);
  });

  it.each([
    null,
    undefined,
    '',
    'productdetails/7',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ /x',
    '/x//y',
    '/login',
    '/login?next=%2F',
    '/signup',
    '/logout',
    '/alreadyloggedin/',
    `/${'a'.repeat(2001)}`,
  ])('refuses %p', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('knows the sign-in pages at the paths the live releases serve them, not at paths of its own', () => {
    window.__MARKETPLACE_CONFIG__ = { links: { ...window.__MARKETPLACE_CONFIG__?.links, login: '/signin' } };
    expect(safeReturnPath('/signin?next=%2F')).toBeNull();
    expect(safeReturnPath('/login')).toBe('/login');
  });
});

describe("nextFrom, and next as a sign-in link's param", () => {
  it('reads the safe next of a query string', () => {
    expect(nextFrom('?next=%2Fviewcart%2F7')).toBe('/viewcart/7');
    expect(nextFrom('?next=%2F%2Fevil.example')).toBeNull();
    expect(nextFrom('')).toBeNull();
  });

  it('writes next into /login and /signup only when it is safe', () => {
    const signIn = (name: 'login' | 'signup', next: string | null) => linkTo(name, { next: safeReturnPath(next) });
    expect(signIn('login', '/productdetails/7')).toBe('/login?next=%2Fproductdetails%2F7');
    expect(signIn('signup', '/wishlist?x=1')).toBe('/signup?next=%2Fwishlist%3Fx%3D1');
    expect(signIn('login', 'https://evil.example')).toBe('/login');
    expect(signIn('login', null)).toBe('/login');
  });
});
