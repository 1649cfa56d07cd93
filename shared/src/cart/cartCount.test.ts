import { getCartItems } from '../api';
import { useSession } from '../session/sessionStore';
import { refreshCartCount, useCartCount } from './cartCount';

jest.mock('../api', () => ({ getCartItems: jest.fn() }));
const getCartItemsMock = jest.mocked(getCartItems);

const ASHA = { firstname: 'Asha', lastname: 'Verma', authtoken: 'token-asha' };
const cartOf = (n: number) => Array.from({ length: n }, (_, i) => ({ productid: i + 1 })) as never;

beforeEach(() => {
  getCartItemsMock.mockReset();
  useSession.getState().signOut();
  useCartCount.setState({ count: 0 });
});

it('counts the signed-in customer’s cart lines', async () => {
  useSession.getState().signIn(ASHA);
  getCartItemsMock.mockResolvedValue(cartOf(3));
  await refreshCartCount();
  expect(useCartCount.getState().count).toBe(3);
});

it('counts units: every line’s quantity (issue 26)', async () => {
  useSession.getState().signIn(ASHA);
  getCartItemsMock.mockResolvedValue([
    { productid: 1, quantity: 4 },
    { productid: 2, quantity: 1 },
    { productid: 3, quantity: 10 },
  ] as never);
  await refreshCartCount();
  expect(useCartCount.getState().count).toBe(15);
});

it('shows 0 when signed out, without asking the server', async () => {
  useCartCount.setState({ count: 4 });
  await refreshCartCount();
  expect(useCartCount.getState().count).toBe(0);
  expect(getCartItemsMock).not.toHaveBeenCalled();
});

it('ignores a count that arrives after the customer signed out', async () => {
  useSession.getState().signIn(ASHA);
  let answer: (items: never) => void = () => undefined;
  getCartItemsMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const pending = refreshCartCount();
  useSession.getState().signOut();
  await refreshCartCount();
  answer(cartOf(2));
  await pending;
  expect(useCartCount.getState().count).toBe(0);
});

it('keeps the last count when the server cannot be reached', async () => {
  useSession.getState().signIn(ASHA);
  useCartCount.setState({ count: 2 });
  getCartItemsMock.mockRejectedValue(new Error('Network Error'));
  await refreshCartCount();
  expect(useCartCount.getState().count).toBe(2);
});
