import { nextFrom, safeReturnPath, withNext } from './returnPath';

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
});

describe('nextFrom and withNext', () => {
  it('reads the safe next of a query string', () => {
    expect(nextFrom('?next=%2Fviewcart%2F7')).toBe('/viewcart/7');
    expect(nextFrom('?next=%2F%2Fevil.example')).toBeNull();
    expect(nextFrom('')).toBeNull();
  });

  it('writes next into /login and /signup only when it is safe', () => {
    expect(withNext('/login', '/productdetails/7')).toBe('/login?next=%2Fproductdetails%2F7');
    expect(withNext('/signup', '/wishlist?x=1')).toBe('/signup?next=%2Fwishlist%3Fx%3D1');
    expect(withNext('/login', 'https://evil.example')).toBe('/login');
    expect(withNext('/login', null)).toBe('/login');
  });
});
