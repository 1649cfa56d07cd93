import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession, type Address, type CartItem } from '@marketplace/shared';
import { currentPath, customer, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

const CART: CartItem[] = [
  {
    productid: 1,
    productname: 'Wireless Headphones',
    title: 'Electronics',
    price: 2999,
    photo: 'http://api/images/1.png',
    quantity: 1,
    max: 10,
  },
  {
    productid: 2,
    productname: 'Cotton Shirt',
    title: 'Clothing',
    price: 399,
    photo: 'http://api/images/2.png',
    quantity: 1,
    max: 10,
  },
];
const HOME: Address = {
  streetadd: '12 MG Road',
  landmark: 'Near Metro',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  postal: '560001',
};
const OFFICE: Address = {
  streetadd: '4 Marine Drive',
  landmark: 'Opp. Park',
  country: 'India',
  state: 'Maharastra',
  city: 'Mumbai',
  postal: '400002',
};

type User = ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  signInAs();
  api.getCartItems.mockResolvedValue(CART);
  api.getUserData.mockResolvedValue(customer({ userid: 7, address: [HOME, OFFICE] }));
  api.refreshCartCount.mockResolvedValue();
});

async function openCheckout(): Promise<void> {
  await renderAt('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
}

async function fillDelivery(user: User, { save = true } = {}): Promise<void> {
  await user.type(screen.getByLabelText(/^Bill Name/), 'Asha Verma');
  await user.type(screen.getByLabelText('Order Note'), 'Ring twice');
  await user.click(screen.getByRole('radio', { name: /4 Marine Drive/ }));
  if (save) await user.click(screen.getByRole('button', { name: 'SAVE' }));
}

function summary(): HTMLElement {
  return screen.getByRole('region', { name: 'Order Summary' });
}

describe('/checkout', () => {
  it('shows the items, subtotal, free delivery and total, and the three payment choices', async () => {
    await openCheckout();
    const box = within(summary());
    expect(box.getByText(/Wireless Headphones/)).toBeInTheDocument();
    expect(box.getByText(/Cotton Shirt/)).toBeInTheDocument();
    expect(box.getByText('Subtotal').nextElementSibling).toHaveTextContent('Rs. 3,398');
    expect(box.getByText('Shipping').nextElementSibling).toHaveTextContent('Free Delivery');
    expect(box.getByText('Total').nextElementSibling).toHaveTextContent('Rs. 3,398');
    expect(box.queryByText('Discount(Promocode)')).not.toBeInTheDocument();

    const payment = screen.getByRole('radiogroup', { name: 'Payment Information' });
    expect(
      within(payment)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['cod', 'paywithcard', 'paypal']);
    expect(within(payment).getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
  });

  it('shows the Rs. 50 shipping estimate for a cart under Rs. 500', async () => {
    api.getCartItems.mockResolvedValue([CART[1]]);
    await openCheckout();
    expect(within(summary()).getByText('Shipping').nextElementSibling).toHaveTextContent('Rs. 50');
    expect(within(summary()).getByText('Total').nextElementSibling).toHaveTextContent('Rs. 449');
  });

  it("refuses to order before SAVE with the spec's toast, and sends nothing", async () => {
    const user = userEvent.setup();
    await openCheckout();
    await fillDelivery(user, { save: false });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toastKind('Please Enter Bill name and select the Address')).toBe('warning');
    expect(api.placeOrder).not.toHaveBeenCalled();
  });

  it('SAVE needs a bill name and an address; a change after SAVE needs SAVE again', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.type(screen.getByLabelText(/^Bill Name/), 'Asha');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please Enter Bill name and select the Address');

    await user.click(screen.getByRole('radio', { name: /12 MG Road/ }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(screen.getByText('✓ Delivery information saved')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Bill Name/), ' V');
    expect(screen.queryByText('✓ Delivery information saved')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toastKind('Please Enter Bill name and select the Address')).toBe('warning');
    expect(api.placeOrder).not.toHaveBeenCalled();
  });

  it("with an empty address book warns 'Please Enter Address First' and opens the address book", async () => {
    api.getUserData.mockResolvedValue(customer({ userid: 7, address: [] }));
    await renderAt('/checkout');
    await waitFor(() => expect(currentPath()).toBe('/myaccount/addressbook'));
    expect(await toastKind('Please Enter Address First')).toBe('warning');
  });

  it('goes to /emptycart when there is nothing to order', async () => {
    api.getCartItems.mockResolvedValue([]);
    await renderAt('/checkout');
    await waitFor(() => expect(currentPath()).toBe('/emptycart'));
  });

  it('applies a valid coupon: success toast, the server message, and the discount line', async () => {
    const user = userEvent.setup();
    api.checkCoupon.mockResolvedValue({ couponname: 'WELCOME50', discount: 50, msg: 'Coupon Applied Successfully' });
    await openCheckout();
    await user.type(screen.getByLabelText('Coupon code'), 'welcome50');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));

    expect(api.checkCoupon).toHaveBeenCalledWith('welcome50');
    expect(await toastKind('Coupon Applied Successfully')).toBe('success');
    const coupon = screen.getByRole('region', { name: 'Have a coupon?' });
    expect(within(coupon).getByText('WELCOME50')).toBeInTheDocument();
    expect(within(coupon).getByText(/Coupon Applied Successfully/)).toHaveTextContent(
      'Coupon Applied Successfully — Rs. 50 off',
    );
    expect(within(summary()).getByText('Discount(Promocode)').nextElementSibling).toHaveTextContent('- Rs. 50');
    expect(within(summary()).getByText('Total').nextElementSibling).toHaveTextContent('Rs. 3,348');

    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(within(summary()).queryByText('Discount(Promocode)')).not.toBeInTheDocument();
  });

  it("an expired or unknown coupon: 'Coupon is Expired' error toast and 'Coupon Expired' shown, no discount", async () => {
    const user = userEvent.setup();
    api.checkCoupon.mockRejectedValue(new ApiError(400, 'Coupon is Expired'));
    await openCheckout();
    await user.type(screen.getByLabelText('Coupon code'), 'SUMMER20');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(await toastKind('Coupon is Expired')).toBe('error');
    const coupon = screen.getByRole('region', { name: 'Have a coupon?' });
    expect(within(coupon).getByRole('alert')).toHaveTextContent(/^Coupon Expired$/);
    expect(within(summary()).queryByText('Discount(Promocode)')).not.toBeInTheDocument();
  });

  it("a coupon check answering 500 warns 'Internal server issues'", async () => {
    const user = userEvent.setup();
    api.checkCoupon.mockRejectedValue(new ApiError(500, 'Internal Server Error'));
    await openCheckout();
    await user.type(screen.getByLabelText('Coupon code'), 'WELCOME50');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(await toastKind('Internal server issues')).toBe('warning');
    expect(screen.queryByText('Coupon Expired')).not.toBeInTheDocument();
  });

  it('places the order: no amounts sent, Order Placed toast, order id kept, badge refreshed, /billconfirm', async () => {
    const user = userEvent.setup();
    api.checkCoupon.mockResolvedValue({ couponname: 'WELCOME50', discount: 50, msg: 'Coupon Applied Successfully' });
    api.placeOrder.mockResolvedValue({ orderid: 41 });
    await openCheckout();
    await user.type(screen.getByLabelText('Coupon code'), 'WELCOME50');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    await screen.findByText('WELCOME50');
    await fillDelivery(user);
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(currentPath()).toBe('/billconfirm'));
    expect(api.placeOrder).toHaveBeenCalledTimes(1);
    const [body, key] = api.placeOrder.mock.calls[0];
    expect(body).toStrictEqual({
      billname: 'Asha Verma',
      ordernote: 'Ring twice',
      billaddress: '4 Marine Drive, Opp. Park, Mumbai, Maharastra, India, 400002',
      payinfo: 'paypal',
      couponname: 'WELCOME50',
    });
    expect(key).toMatch(/^[A-Za-z0-9._:-]{16,100}$/);
    expect(await toastKind('Order Placed')).toBe('success');
    expect(useSession.getState().orderId).toBe(41);
    expect(sessionStorage.getItem('orderid')).toBe('41');
    expect(api.refreshCartCount).toHaveBeenCalled();
    expect(screen.getByText('Order Placed - Check for more Details in My Order.')).toBeInTheDocument();
  });

  it('disables Place Order while sending, so a double click sends one order', async () => {
    const user = userEvent.setup();
    let resolve!: (v: { orderid: number }) => void;
    api.placeOrder.mockReturnValue(new Promise((r) => (resolve = r)));
    await openCheckout();
    await fillDelivery(user);
    const button = screen.getByRole('button', { name: 'Place Order' });
    await user.dblClick(button);
    expect(api.placeOrder).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Placing Order…' })).toBeDisabled();
    await act(async () => resolve({ orderid: 5 }));
    await waitFor(() => expect(currentPath()).toBe('/billconfirm'));
  });

  it('a retry after a lost answer reuses the same idempotency key', async () => {
    const user = userEvent.setup();
    api.placeOrder.mockRejectedValueOnce(new ApiError(0, 'Network Error')).mockResolvedValueOnce({ orderid: 9 });
    await openCheckout();
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toastKind('Something went Wrong')).toBe('error');
    expect(currentPath()).toBe('/checkout');

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentPath()).toBe('/billconfirm'));
    expect(api.placeOrder).toHaveBeenCalledTimes(2);
    const [first, second] = api.placeOrder.mock.calls.map((c) => c[1]);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it("an order answered 401 shows 'Unauthorized User' (error) and returns to /viewcart", async () => {
    const user = userEvent.setup();
    api.placeOrder.mockRejectedValue(new ApiError(401, 'Session expired, please login again'));
    await openCheckout();
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toastKind('Unauthorized User')).toBe('error');
    await waitFor(() => expect(currentPath()).toBe('/viewcart'));
  });

  it("an order answered 500 warns 'Internal server issues' and returns to /viewcart", async () => {
    const user = userEvent.setup();
    api.placeOrder.mockRejectedValue(new ApiError(500, 'Internal Server Error'));
    await openCheckout();
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toastKind('Internal server issues')).toBe('warning');
    await waitFor(() => expect(currentPath()).toBe('/viewcart'));
  });

  it("any other refusal shows the server's message and stays on the page", async () => {
    const user = userEvent.setup();
    api.placeOrder.mockRejectedValue(new ApiError(400, 'Your cart is empty: add a product before placing an order'));
    await openCheckout();
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toastKind('Your cart is empty: add a product before placing an order')).toBe('error');
    expect(currentPath()).toBe('/checkout');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('an unknown user (user data 404) goes to /error404', async () => {
    api.getUserData.mockRejectedValue(new ApiError(404, 'User not found'));
    await renderAt('/checkout');
    await waitFor(() => expect(currentPath()).toBe('/error404'));
  });
});
