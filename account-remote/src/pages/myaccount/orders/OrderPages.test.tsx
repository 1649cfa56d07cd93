import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession, type Order, type Page } from '@marketplace/shared';
import { currentPath, customer, mockApi, order, shipment, signInAs } from '@marketplace/shared/testing';
import { renderAt } from '../../../testing/renderAt';

const api = mockApi();

/** What the server holds: the list and single-order calls read it (set per test). */
let orders: Order[];

/** GET /allorders' default page. */
const PAGE = 20;

/** GET /allorders over `orders` as they stand: a page of `limit` (PAGE by default) from the cursor, `next` where the following one starts. */
async function ordersPage(page: { limit?: number; cursor?: string } = {}): Promise<Page<Order>> {
  const start = page.cursor ? Number(page.cursor) : 0;
  const end = start + (page.limit ?? PAGE);
  return { items: orders.slice(start, end).map((o) => ({ ...o })), next: end < orders.length ? String(end) : null };
}

/** `count` orders, newest first (ids count down from 100 + count), one a day. */
function manyOrders(count: number, over: (n: number) => Partial<Order> = () => ({})): Order[] {
  return Array.from({ length: count }, (_, i) => {
    const orderid = 100 + count - i;
    return order({
      orderid,
      orderdate: new Date(Date.UTC(2025, 0, 1) + (count - i) * 86_400_000).toISOString(),
      ...over(orderid),
    });
  });
}

beforeEach(() => {
  signInAs();
  orders = [];
  api.getUserData.mockResolvedValue(customer());
  api.getOrdersPage.mockImplementation(ordersPage);
  api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 2 });
  api.getOrder.mockImplementation(async (id) => {
    const found = orders.find((o) => o.orderid === id);
    if (!found) throw new ApiError(404, 'Order not found');
    return { ...found };
  });
});

function counter(label: string): HTMLElement {
  return within(screen.getByLabelText('Order summary')).getByText(label).nextSibling as HTMLElement;
}

function selectOrder(id: number) {
  act(() => useSession.getState().setOrderId(id));
}

describe('/myaccount dashboard', () => {
  it('counts the orders and the cancelled ones, and lists the five newest with their totals', async () => {
    orders = [1, 2, 3, 4, 5, 6, 7].map((n) =>
      order({
        orderid: n,
        orderdate: `2025-03-0${n}T12:00:00.000Z`,
        billname: `Bill ${n}`,
        billamount: 100 * n,
        billtax: 50,
        discount: 0,
        status: n === 2 || n === 6 ? 'Cancelled' : 'Processing',
      }),
    );
    [orders[0], orders[6]] = [orders[6]!, orders[0]!]; // arrives out of order: the page sorts newest first
    await renderAt('/myaccount');
    await waitFor(() => expect(counter('Orders Placed')).toHaveTextContent('7'));
    expect(counter('Cancel Orders')).toHaveTextContent('2');
    await waitFor(() => expect(counter('Wishlist')).toHaveTextContent('2'));

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['#7', '#6', '#5', '#4', '#3']);
    expect(rows[0]).toHaveTextContent('7 Mar 2025');
    expect(rows[0]).toHaveTextContent('Bill 7');
    expect(within(rows[0]!).getAllByRole('cell')[3]).toHaveTextContent(/^Rs\. 700$/); // the spec's Bill Amount: billamount (shipping not included)
  });

  it('MANAGE selects the order and opens Manage Order', async () => {
    const user = userEvent.setup();
    orders = [order({ orderid: 41 }), order({ orderid: 40, orderdate: '2025-03-01T12:00:00.000Z' })];
    await renderAt('/myaccount');
    await user.click(await screen.findByRole('link', { name: 'MANAGE order 40' }));
    expect(sessionStorage.getItem('orderid')).toBe('40');
    expect(currentPath()).toBe('/myaccount/manageorder?orderid=40');
    expect(await screen.findByRole('heading', { name: /Order #40/ })).toBeInTheDocument();
    expect(api.getOrder).toHaveBeenCalledWith(40);
  });
});

describe('/myaccount/myorder', () => {
  it('shows a spinner while loading, then No Order Pending when there is no order', async () => {
    let answer!: (page: Page<Order>) => void;
    api.getOrdersPage.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderAt('/myaccount/myorder');
    expect(await screen.findByText('Loading your orders')).toBeInTheDocument();
    act(() => answer({ items: [], next: null }));
    expect(await screen.findByText('No Order Pending')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(counter('Orders Placed')).toHaveTextContent('0');
  });

  it('lists every order with its status and total; MANAGE stores the orderid and opens the order', async () => {
    const user = userEvent.setup();
    orders = [
      order({ orderid: 12, status: 'Shipped', billamount: 450, billtax: 50, discount: 0 }),
      order({
        orderid: 11,
        orderdate: '2025-02-01T12:00:00.000Z',
        status: 'Delivered',
        orderdata: [{ productid: 5, productname: 'Desk Lamp', price: 900, quantity: 1 }],
      }),
    ];
    await renderAt('/myaccount/myorder');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#12');
    expect(rows[0]).toHaveTextContent('Wireless Earbuds and 1 more item');
    expect(rows[0]).toHaveTextContent('Rs. 500');
    expect(rows[0]).toHaveTextContent('Shipped');
    expect(rows[1]).toHaveTextContent('Desk Lamp');
    expect(rows[1]).toHaveTextContent('Delivered');

    await user.click(within(rows[1]!).getByRole('button', { name: 'MANAGE order 11' }));
    expect(sessionStorage.getItem('orderid')).toBe('11');
    expect(useSession.getState().orderId).toBe(11);
    expect(currentPath()).toBe('/myaccount/manageorder');
    expect(await screen.findByRole('heading', { name: /Order #11/ })).toBeInTheDocument();
  });

  it("says Something went Wrong (toast) and 'Something went wrong ...' (the one failed-load text) when the list fails, and Try again loads it", async () => {
    const user = userEvent.setup();
    api.getOrdersPage.mockRejectedValueOnce(new ApiError(500, 'boom'));
    orders = [order({ orderid: 3 })];
    await renderAt('/myaccount/myorder');
    expect(await screen.findByText('Something went wrong ...')).toBeInTheDocument();
    expect(screen.getByText('Your orders could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Something went Wrong', { selector: '.Toastify *' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('#3')).toBeInTheDocument();
  });
});

describe('/myaccount/manageorder', () => {
  function steps(): string[] {
    return within(screen.getByRole('list', { name: /Progress of order/ }))
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
  }

  it('without a selected order goes back to My Orders', async () => {
    await renderAt('/myaccount/manageorder');
    await waitFor(() => expect(currentPath()).toBe('/myaccount/myorder'));
    expect(api.getOrder).not.toHaveBeenCalled();
  });

  it('shows the timeline finished up to Shipped, items with quantity 1, amounts with the discount line and Free Delivery', async () => {
    orders = [
      order({ orderid: 21, status: 'Shipped', billamount: 1250, billtax: 0, discount: 50, couponname: 'WELCOME50' }),
    ];
    selectOrder(21);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByRole('heading', { name: /Order #21/ })).toHaveTextContent('Shipped');
    const [processing, shipped, delivered] = steps();
    expect(processing).toMatch(/^.?Processing \(completed\)/);
    expect(shipped).toMatch(/Shipped \(completed, current status\)/);
    expect(delivered).toMatch(/Delivered \(not yet\) Expected 12 Mar 2025/);

    const items = within(screen.getByRole('region', { name: 'Items' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      items.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Wireless Earbuds', 'Rs. 999', '1'],
      ['Phone Case', 'Rs. 301', '1'],
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Wireless Earbuds' })).toHaveAttribute(
      'href',
      '/productdetails/3',
    );

    const amounts = screen.getByLabelText('Order amounts');
    const lines = Array.from(amounts.children).map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]);
    expect(lines).toEqual([
      ['Subtotal', 'Rs. 1,300'],
      ['Discount(Promocode) WELCOME50', '- Rs. 50'],
      ['Shipping', 'Free Delivery'],
      ['Total', 'Rs. 1,250'],
    ]);
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
    expect(screen.queryByText('Delivered Successfully')).not.toBeInTheDocument();
  });

  it('prints lakh amounts as Indian shops do, paise only where there are some', async () => {
    orders = [
      order({
        orderid: 23,
        billamount: 150298.5,
        billtax: 0,
        discount: 100,
        couponname: 'SAVE100',
        orderdata: [
          { productid: 5, productname: 'Teak Sofa', price: 149999.5, quantity: 1 },
          { productid: 8, productname: 'Phone Case', price: 399, quantity: 1 },
        ],
      }),
    ];
    selectOrder(23);
    await renderAt('/myaccount/manageorder');
    const items = within(await screen.findByRole('region', { name: 'Items' })).getAllByRole('row');
    expect(items[1]).toHaveTextContent('Rs. 1,49,999.50');
    expect(items[2]).toHaveTextContent('Rs. 399');
    const amounts = screen.getByLabelText('Order amounts');
    expect(amounts).toHaveTextContent('SubtotalRs. 1,50,398.50');
    expect(amounts).toHaveTextContent('- Rs. 100');
    expect(amounts).toHaveTextContent('TotalRs. 1,50,298.50');
  });

  it('has no discount line without a coupon and shows the shipping fee when there is one', async () => {
    orders = [order({ orderid: 22, billamount: 450, billtax: 50, discount: 0, couponname: '' })];
    selectOrder(22);
    await renderAt('/myaccount/manageorder');
    const amounts = await screen.findByLabelText('Order amounts');
    expect(within(amounts).queryByText(/Discount\(Promocode\)/)).not.toBeInTheDocument();
    expect(amounts).toHaveTextContent('SubtotalRs. 450');
    expect(amounts).toHaveTextContent('ShippingRs. 50');
    expect(amounts).toHaveTextContent('TotalRs. 500');
    expect(steps()[0]).toMatch(/Processing \(completed, current status\)/);
    expect(steps()[1]).toMatch(/Shipped \(not yet\) Expected 11 Mar 2025/);
  });

  it('says a cash-on-delivery order is paid when it arrives, not "Paid by cod"', async () => {
    orders = [order({ orderid: 24, payinfo: 'cod' })];
    selectOrder(24);
    await renderAt('/myaccount/manageorder');
    const facts = await screen.findByRole('region', { name: 'Delivery and Payment' });
    expect(facts).toHaveTextContent('Cash on Delivery: pay when it arrives');
    expect(facts).not.toHaveTextContent(/Paid by|\bcod\b/);
  });

  it('shows the delivery and payment facts of the order', async () => {
    orders = [order({ orderid: 23, payinfo: 'paywithcard', ordernote: 'Ring twice' })];
    selectOrder(23);
    await renderAt('/myaccount/manageorder');
    const facts = await screen.findByRole('region', { name: 'Delivery and Payment' });
    expect(facts).toHaveTextContent('Standard');
    expect(facts).toHaveTextContent('Delivered After Two Day For the OrderDate');
    expect(facts).toHaveTextContent('Asha Rao');
    expect(facts).toHaveTextContent('12 MG Road, Near Park, Surat, Gujarat, India 395001');
    expect(facts).toHaveTextContent('Ring twice');
    expect(facts).toHaveTextContent('Paid by Card');
    expect(facts).not.toHaveTextContent('paywithcard');
  });

  it('a Delivered order has every step finished, says Delivered Successfully and cannot be cancelled', async () => {
    orders = [order({ orderid: 24, status: 'Delivered' })];
    selectOrder(24);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByText('Delivered Successfully')).toBeInTheDocument();
    expect(steps().map((s) => /\(completed/.test(s))).toEqual([true, true, true]);
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('a Cancelled order ends in a Cancelled step and cannot be cancelled again', async () => {
    orders = [order({ orderid: 25, status: 'Cancelled', cancelledAt: '2025-03-10T15:00:00.000Z' })];
    selectOrder(25);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByText(/This order was cancelled on 10 Mar 2025/)).toBeInTheDocument();
    expect(steps()).toHaveLength(2);
    expect(steps()[1]).toMatch(/Cancelled \(order cancelled\) 10 Mar 2025/);
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(screen.queryByText('Delivered Successfully')).not.toBeInTheDocument();
  });

  it('Cancel Order asks first; Keep Order sends nothing; confirming cancels, toasts the server message and returns to My Orders', async () => {
    const user = userEvent.setup();
    orders = [order({ orderid: 26, status: 'Processing' })];
    api.cancelOrder.mockImplementation(async (id) => {
      orders = orders.map((o) =>
        o.orderid === id ? { ...o, status: 'Cancelled', cancelledAt: '2025-03-10T13:00:00.000Z' } : o,
      );
      return { msg: 'Order Cancelled Successfully' };
    });
    selectOrder(26);
    await renderAt('/myaccount/manageorder');
    await waitFor(() => expect(counter('Cancel Orders')).toHaveTextContent('0'));

    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel order #26?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep Order' }));
    expect(api.cancelOrder).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Order' }));
    expect(api.cancelOrder).toHaveBeenCalledWith(26);
    expect(await screen.findByText('Order Cancelled Successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/myaccount/myorder'));
    await waitFor(() => expect(counter('Cancel Orders')).toHaveTextContent('1'));
    expect(screen.getByRole('row', { name: /#26/ })).toHaveTextContent('Cancelled');
  });

  it('a refused cancel gives a warning toast with the server message and returns to My Orders', async () => {
    const user = userEvent.setup();
    orders = [order({ orderid: 27, status: 'Shipped' })];
    api.cancelOrder.mockRejectedValue(
      new ApiError(409, 'This order is already Delivered and can no longer be cancelled'),
    );
    selectOrder(27);
    await renderAt('/myaccount/manageorder');
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Order' }));
    const toast = await screen.findByText('This order is already Delivered and can no longer be cancelled');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--warning');
    await waitFor(() => expect(currentPath()).toBe('/myaccount/myorder'));
  });

  it('an order that is not found (or not yours) says so and goes back to My Orders', async () => {
    selectOrder(999);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/myaccount/myorder'));
    expect(sessionStorage.getItem('orderid')).toBeNull();
  });
});

describe('the shipments of an order (issue 26)', () => {
  const EARBUDS = { productid: 3, productname: 'Wireless Earbuds', price: 999, quantity: 1 };
  const CAMERA = { productid: 12, productname: 'Retro Camera', price: 1299, quantity: 2 };
  const fromKavya = (over: Partial<Parameters<typeof shipment>[0]> = {}) =>
    shipment({
      shipmentid: 502,
      fulfilledBy: 'seller',
      seller: 'Kavya Rao',
      status: 'Shipped',
      courier: 'Blue Dart',
      tracking: 'BD 1234567',
      shippedAt: '2025-03-11T09:00:00.000Z',
      lines: [CAMERA],
      ...over,
    });
  /** The courier facts shown in `container` (a `dl` labelled Tracking), as [term, value] pairs. */
  const factsOf = (container: HTMLElement) =>
    Array.from(within(container).getByLabelText('Tracking').children).map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]);
  const stepsOf = (name: string) =>
    within(screen.getByRole('list', { name }))
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');

  it('one marketplace shipment: the page as it was, saying who ships it, with no tracking number', async () => {
    orders = [order({ orderid: 60, status: 'Shipped' })];
    selectOrder(60);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByText('Fulfilled by Marketplace')).toBeInTheDocument();
    expect(stepsOf('Progress of order 60')[1]).toMatch(/Shipped \(completed, current status\) 11 Mar 2025/);
    expect(screen.queryByLabelText('Tracking')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Items' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipments' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
  });

  it("one seller's shipment: the seller, the dates the seller marked (none expected), courier and tracking number", async () => {
    orders = [
      order({
        orderid: 61,
        status: 'Shipped',
        orderdata: [CAMERA],
        billamount: 2598,
        discount: 0,
        couponname: '',
        shipments: [fromKavya()],
      }),
    ];
    selectOrder(61);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByText('Shipped by Kavya Rao')).toBeInTheDocument();
    const [, shipped, delivered] = stepsOf('Progress of order 61');
    expect(shipped).toMatch(/Shipped \(completed, current status\) 11 Mar 2025/);
    // The seller marks it delivered: no date is promised before.
    expect(delivered).toMatch(/Delivered \(not yet\)$/);
    expect(factsOf(document.body)).toEqual([
      ['Shipped on', '11 Mar 2025'],
      ['Courier', 'Blue Dart'],
      ['Tracking number', 'BD 1234567'],
    ]);
    expect(within(screen.getByRole('region', { name: 'Items' })).getAllByRole('row')[1]).toHaveTextContent(
      'Retro CameraRs. 1,2992',
    );
    expect(screen.getByRole('region', { name: 'Delivery and Payment' })).toHaveTextContent(
      'Each seller ships their part and gives its courier and tracking number here',
    );
    // A parcel its seller has shipped can no longer be cancelled (the API refuses it).
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('two shipments: a block each with its seller, status, progress, tracking and lines; the totals stay', async () => {
    orders = [
      order({
        orderid: 62,
        status: 'Shipped',
        orderdata: [EARBUDS, CAMERA],
        billamount: 3597,
        discount: 0,
        couponname: '',
        shipments: [
          shipment({ shipmentid: 501, status: 'Delivered', lines: [EARBUDS] }),
          fromKavya({ lines: [CAMERA] }),
        ],
      }),
    ];
    selectOrder(62);
    await renderAt('/myaccount/manageorder');
    const region = await screen.findByRole('region', { name: 'Shipments' });
    expect(screen.queryByRole('region', { name: 'Items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Progress of order 62' })).not.toBeInTheDocument();
    const [marketplace, kavya] = within(region).getAllByRole('article');
    expect(marketplace).toHaveAccessibleName('Shipment 1 of 2: Fulfilled by Marketplace');
    expect(marketplace).toHaveTextContent('Delivered');
    expect(stepsOf('Progress of shipment 1 of order 62').map((step) => /\(completed/.test(step))).toEqual([
      true,
      true,
      true,
    ]);
    expect(within(marketplace!).queryByLabelText('Tracking')).not.toBeInTheDocument();
    expect(within(marketplace!).getAllByRole('row')).toHaveLength(2);
    expect(within(marketplace!).getAllByRole('row')[1]).toHaveTextContent('Wireless Earbuds');

    expect(kavya).toHaveAccessibleName('Shipment 2 of 2: Shipped by Kavya Rao');
    expect(stepsOf('Progress of shipment 2 of order 62')[1]).toMatch(/Shipped \(completed, current status\)/);
    expect(factsOf(kavya!)).toContainEqual(['Courier', 'Blue Dart']);
    expect(factsOf(kavya!)).toContainEqual(['Tracking number', 'BD 1234567']);
    expect(within(kavya!).getAllByRole('row')[1]).toHaveTextContent('Retro Camera');

    expect(screen.getByRole('heading', { name: /Order #62/ })).toHaveTextContent('Shipped');
    expect(screen.getByLabelText('Order amounts')).toHaveTextContent('TotalRs. 3,597');
    // Everything has left or arrived: nothing to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it("Cancel Order while the marketplace's part has not arrived says a seller's shipped part still comes", async () => {
    const user = userEvent.setup();
    orders = [
      order({
        orderid: 65,
        status: 'Processing',
        orderdata: [EARBUDS, CAMERA],
        shipments: [shipment({ shipmentid: 501, status: 'Processing', lines: [EARBUDS] }), fromKavya()],
      }),
    ];
    selectOrder(65);
    await renderAt('/myaccount/manageorder');
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel order #65?' })).toHaveAccessibleDescription(
      'What has not been shipped yet is cancelled; what a seller has already shipped still comes.',
    );
  });

  it("a seller's shipment cancelled by the buyer ends in Cancelled", async () => {
    orders = [
      order({
        orderid: 63,
        status: 'Cancelled',
        cancelledAt: '2025-03-10T15:00:00.000Z',
        shipments: [
          fromKavya({
            status: 'Cancelled',
            courier: null,
            tracking: null,
            shippedAt: null,
            cancelledAt: '2025-03-10T15:00:00.000Z',
          }),
        ],
      }),
    ];
    selectOrder(63);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByText('Shipped by Kavya Rao')).toBeInTheDocument();
    expect(stepsOf('Progress of order 63')).toHaveLength(2);
    expect(stepsOf('Progress of order 63')[1]).toMatch(/Cancelled \(order cancelled\) 10 Mar 2025/);
  });

  it("Track Order: a seller's shipment shows its tracking number and promises no delivery date", async () => {
    orders = [order({ orderid: 64, status: 'Shipped', orderdata: [CAMERA], shipments: [fromKavya()] })];
    selectOrder(64);
    await renderAt('/myaccount/trackorder');
    expect(await screen.findByText('Shipped by Kavya Rao')).toBeInTheDocument();
    expect(screen.getByLabelText('Tracking')).toHaveTextContent('Tracking numberBD 1234567');
    expect(screen.queryByText('Expected delivery')).not.toBeInTheDocument();
    expect(screen.getByText("Follow it on the courier's site with the tracking number above.")).toBeInTheDocument();
  });

  it('Track Order: an order of two shipments shows each, and no single delivery date', async () => {
    orders = [
      order({
        orderid: 66,
        status: 'Processing',
        orderdata: [EARBUDS, CAMERA],
        shipments: [shipment({ shipmentid: 501, status: 'Processing', lines: [EARBUDS] }), fromKavya()],
      }),
    ];
    selectOrder(66);
    await renderAt('/myaccount/trackorder');
    expect(await screen.findByRole('article', { name: 'Shipment 1 of 2: Fulfilled by Marketplace' })).toHaveTextContent(
      'Wireless Earbuds',
    );
    expect(stepsOf('Progress of shipment 1 of order 66')[1]).toMatch(/Shipped \(not yet\) Expected 11 Mar 2025/);
    expect(screen.getByRole('article', { name: 'Shipment 2 of 2: Shipped by Kavya Rao' })).toHaveTextContent(
      'Tracking numberBD 1234567',
    );
    expect(screen.queryByText('Expected delivery')).not.toBeInTheDocument();
  });
});

describe('/myaccount/trackorder', () => {
  it('without a selected order lists the orders to choose from; TRACK shows the timeline with dates and the expected delivery', async () => {
    const user = userEvent.setup();
    orders = [
      order({ orderid: 31, status: 'Processing' }),
      order({ orderid: 30, status: 'Delivered', orderdate: '2025-01-05T12:00:00.000Z' }),
    ];
    await renderAt('/myaccount/trackorder');
    expect(await screen.findByText('Choose an order to see where it is.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'TRACK order 31' }));
    expect(sessionStorage.getItem('orderid')).toBe('31');
    const timeline = await screen.findByRole('list', { name: 'Progress of order 31' });
    expect(timeline).toHaveTextContent('Processing (completed, current status) 10 Mar 2025');
    expect(timeline).toHaveTextContent('Shipped (not yet) Expected 11 Mar 2025');
    expect(screen.getByText('Expected delivery').parentElement).toHaveTextContent('Expected delivery12 Mar 2025');

    await user.click(screen.getByRole('button', { name: 'Track another order' }));
    expect(sessionStorage.getItem('orderid')).toBeNull();
    expect(await screen.findByRole('button', { name: 'TRACK order 30' })).toBeInTheDocument();
  });

  it('a delivered selected order says Delivered Successfully instead of an expected date', async () => {
    orders = [order({ orderid: 32, status: 'Delivered' })];
    selectOrder(32);
    await renderAt('/myaccount/trackorder');
    expect(await screen.findByText('Delivered Successfully')).toBeInTheDocument();
    expect(screen.queryByText('Expected delivery')).not.toBeInTheDocument();
  });
});

describe('/myaccount/cancellation and /myaccount/mypayment', () => {
  it('lists only the cancelled orders', async () => {
    orders = [
      order({
        orderid: 43,
        status: 'Cancelled',
        cancelledAt: '2025-03-11T12:00:00.000Z',
        billamount: 450,
        billtax: 50,
        discount: 0,
      }),
      order({ orderid: 42, status: 'Processing' }),
    ];
    await renderAt('/myaccount/cancellation');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('#43');
    expect(rows[0]).toHaveTextContent('11 Mar 2025');
    expect(rows[0]).toHaveTextContent('Rs. 450');
  });

  it('says so when nothing was cancelled', async () => {
    orders = [order({ orderid: 44 })];
    await renderAt('/myaccount/cancellation');
    expect(await screen.findByText('You have not cancelled any order.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the payment method and amount of every order', async () => {
    orders = [
      order({ orderid: 52, payinfo: 'paypal', billamount: 2000, billtax: 0 }),
      order({ orderid: 51, orderdate: '2025-03-01T12:00:00.000Z', payinfo: 'cod', billamount: 300, billtax: 50 }),
    ];
    await renderAt('/myaccount/mypayment');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['#52', '10 Mar 2025', 'PayPal paypal', 'Rs. 2,000'],
      ['#51', '1 Mar 2025', 'Cash on Delivery cod', 'Rs. 350'],
    ]);
  });
});

describe('orders a page at a time', () => {
  function orderIds(): string[] {
    return within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent ?? '');
  }

  it('My Orders lists the first page, then appends the older ones with Load more orders (its cursor) until none follows', async () => {
    const user = userEvent.setup();
    orders = manyOrders(25, (id) => ({ status: id === 101 ? 'Cancelled' : 'Processing' }));
    await renderAt('/myaccount/myorder');
    await waitFor(() => expect(orderIds()).toHaveLength(PAGE));
    expect(api.getOrdersPage).toHaveBeenCalledTimes(1);
    expect(api.getOrders).not.toHaveBeenCalled();
    expect(orderIds()[0]).toBe('#125');
    // Counted over the orders loaded: at least.
    expect(counter('Orders Placed')).toHaveTextContent('20+');
    expect(counter('Cancel Orders')).toHaveTextContent('0+');

    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    await waitFor(() => expect(orderIds()).toHaveLength(25));
    expect(api.getOrdersPage).toHaveBeenLastCalledWith({ cursor: '20' });
    expect(orderIds().slice(19, 21)).toEqual(['#106', '#105']);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /#105/ })).toHaveFocus();
    expect(counter('Orders Placed')).toHaveTextContent(/^25$/);
    expect(counter('Cancel Orders')).toHaveTextContent(/^1$/);
  });

  it('is busy and disabled while the page loads; a failure keeps the orders shown and says Something went Wrong', async () => {
    const user = userEvent.setup();
    orders = manyOrders(25);
    let fail!: (error: unknown) => void;
    await renderAt('/myaccount/mypayment');
    await waitFor(() => expect(orderIds()).toHaveLength(PAGE));
    api.getOrdersPage.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    const busy = screen.getByRole('button', { name: 'Loading…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    act(() => fail(new ApiError(0, 'Network Error')));
    expect(await screen.findByText('Something went Wrong', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(orderIds()).toHaveLength(PAGE);
    expect(screen.getByRole('button', { name: 'Load more orders' })).toBeEnabled();
  });

  it('moving inside the area reads the orders again as far as they were loaded, in one read', async () => {
    const user = userEvent.setup();
    orders = manyOrders(25);
    await renderAt('/myaccount/myorder');
    await waitFor(() => expect(orderIds()).toHaveLength(PAGE));
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    await waitFor(() => expect(orderIds()).toHaveLength(25));

    orders = orders.map((o) =>
      o.orderid === 102 ? { ...o, status: 'Cancelled', cancelledAt: '2025-02-01T12:00:00.000Z' } : o,
    );
    await user.click(screen.getByRole('link', { name: 'My Cancellations' }));
    await waitFor(() => expect(api.getOrdersPage).toHaveBeenLastCalledWith({ limit: 25 }));
    expect(await screen.findByRole('row', { name: /#102/ })).toHaveTextContent('1 Feb 2025');
    expect(counter('Orders Placed')).toHaveTextContent(/^25$/);
  });

  it('My Cancellations does not claim there is none while older orders are not loaded', async () => {
    const user = userEvent.setup();
    orders = manyOrders(25, (id) => ({
      status: id === 103 ? 'Cancelled' : 'Processing',
      cancelledAt: id === 103 ? '2025-02-01T12:00:00.000Z' : null,
    }));
    await renderAt('/myaccount/cancellation');
    expect(await screen.findByText('No cancelled order among your 20 latest orders.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByRole('row', { name: /#103/ })).toBeInTheDocument();
    expect(screen.queryByText(/No cancelled order/)).not.toBeInTheDocument();
  });

  it('Manage Order shows an order that is not among the loaded ones (read by its id)', async () => {
    orders = manyOrders(25);
    selectOrder(101);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByRole('heading', { name: /Order #101/ })).toBeInTheDocument();
    expect(api.getOrder).toHaveBeenCalledWith(101);
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
  });
});

describe('an auction win in My Orders', () => {
  const ADDRESS = {
    streetadd: '5 Lake Road',
    landmark: 'Near the temple',
    country: 'India' as const,
    state: 'Karnataka' as const,
    city: 'Mysuru',
    postal: '570001',
  };
  const win = (over: Partial<Order> = {}) =>
    order({
      orderid: 40,
      status: 'Awaiting payment',
      billname: '',
      billaddress: '',
      ordernote: '',
      payinfo: null,
      discount: 0,
      couponname: '',
      billamount: 2500,
      billtax: 0,
      auctionid: 7,
      photo: 'http://localhost:4000/images/7a.png',
      orderdata: [{ productid: 0, productname: 'Silver Rupee, 1919', price: 2500, quantity: 1 }],
      ...over,
    });

  it('is marked as an auction win with the item’s photo, awaiting payment', async () => {
    orders = [win()];
    await renderAt('/myaccount/myorder');
    const [row] = (await screen.findAllByRole('row')).slice(1);
    expect(row).toHaveTextContent('Silver Rupee, 1919 Won at auction');
    expect(row).toHaveTextContent('Awaiting payment');
    expect(row!.querySelector('img')).toHaveAttribute('src', 'http://localhost:4000/images/7a.png');
  });

  it('Track Order says it awaits payment, with the way to choose it, not a delivery date', async () => {
    orders = [win()];
    selectOrder(40);
    await renderAt('/myaccount/trackorder');
    expect(await screen.findByRole('link', { name: 'Choose delivery and payment' })).toHaveAttribute(
      'href',
      '/myaccount/manageorder?orderid=40',
    );
    expect(screen.queryByText('Expected delivery')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Progress of order 40' })).toHaveTextContent(
      /Won at auction.*Awaiting payment/,
    );
  });

  it('the winner chooses the address and payment: the checkout’s message first, then the order is Processing', async () => {
    const user = userEvent.setup();
    api.getUserData.mockResolvedValue(customer({ address: [ADDRESS] }));
    orders = [win()];
    api.payAuctionOrder.mockImplementation(async (body) => ({
      msg: 'Order Placed',
      order: win({ ...body, status: 'Processing' }),
    }));
    selectOrder(40);
    await renderAt('/myaccount/manageorder');
    expect(await screen.findByRole('heading', { name: /You won this item/ })).toBeInTheDocument();
    expect(screen.getByText('Not chosen yet: choose it above to place the order')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Silver Rupee, 1919/ })).toHaveAttribute('href', '/auctionproduct/7');

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getAllByText('Please Enter Bill name and select the Address')).toHaveLength(2);
    expect(api.payAuctionOrder).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: /5 Lake Road/ }));
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(api.payAuctionOrder).toHaveBeenCalledWith({
      orderid: 40,
      billname: customer().firstname,
      billaddress: expect.stringContaining('5 Lake Road'),
      payinfo: 'paypal',
    });
    expect(await screen.findByText('Order Placed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /You won this item/ })).not.toBeInTheDocument();
    expect(screen.getByText('Paid by PayPal')).toBeInTheDocument();
  });
});
