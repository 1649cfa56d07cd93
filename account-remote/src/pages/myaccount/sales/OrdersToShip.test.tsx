import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, SHIPMENT_MESSAGES, useSession, type Page, type Sale } from '@marketplace/shared';
import { currentPath, customer, mockApi, sale, signInAs, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../../testing/renderAt';

const api = mockApi();

/** What the server holds (newest first): GET /sales reads it, a page of `limit` from the cursor. */
let sales: Sale[];
async function salesPage(query: { limit?: number; cursor?: string; status?: string } = {}): Promise<Page<Sale>> {
  const matching = sales.filter((s) => !query.status || s.status === query.status);
  const start = query.cursor ? Number(query.cursor) : 0;
  const end = start + (query.limit ?? 20);
  return { items: matching.slice(start, end), next: end < matching.length ? String(end) : null };
}

beforeEach(() => {
  signInAs();
  sales = [];
  api.getUserData.mockResolvedValue(customer());
  api.getOrdersPage.mockResolvedValue({ items: [], next: null });
  api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
  api.getSalesPage.mockImplementation(salesPage);
});

const list = () => screen.findByRole('list', { name: 'Orders to ship' });
/** The card of order `orderid` (its heading names it). */
const card = async (orderid: number) => {
  const cards = within(await list()).getAllByRole('listitem', { name: new RegExp(`^Order #${orderid}\\b`) });
  return cards[0]!;
};
const orderNumbers = async () =>
  within(await list())
    .getAllByRole('heading', { level: 2 })
    .map((h) => /#(\d+)/.exec(h.textContent ?? '')?.[1]);

describe('/myaccount/sales', () => {
  it('is in the side menu and shows each shipment: order, date, status, ship-to, lines, amount, auction win', async () => {
    sales = [
      sale({
        shipmentid: 503,
        orderid: 120,
        orderdate: '2025-03-12T06:30:00.000Z',
        lines: [
          { productid: 12, productname: 'Retro Camera', price: 1299, quantity: 2 },
          { productid: 14, productname: 'Film Roll', price: 250, quantity: 1 },
        ],
        amount: 2848,
      }),
      sale({
        shipmentid: 502,
        orderid: 118,
        status: 'Processing',
        auctionid: 7,
        lines: [{ productid: 0, productname: 'Silver Rupee, 1919', price: 2500, quantity: 1 }],
        amount: 2500,
        shipto: { name: 'Ravi Kumar', address: '5 Lake Road, Mysuru, Karnataka, India 570001', note: '' },
      }),
    ];
    await renderAt('/myaccount/sales');
    const menu = await screen.findByRole('navigation', { name: 'My account' });
    expect(within(menu).getByRole('link', { name: 'Orders to ship' })).toHaveAttribute('href', '/myaccount/sales');
    expect(within(menu).getByRole('link', { name: 'Orders to ship' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Orders to ship' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home/Orders to ship');
    expect(await orderNumbers()).toEqual(['120', '118']);

    const first = await card(120);
    expect(within(first).getByRole('heading', { name: /Order #120/ })).toHaveTextContent('Processing');
    expect(first).toHaveTextContent('Ordered on 12 Mar 2025');
    expect(first).toHaveTextContent('Amount Rs. 2,848');
    const lines = within(within(first).getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['Retro Camera × 2Rs. 1,299 each', 'Film Roll × 1Rs. 250']);
    expect(within(first).getByRole('link', { name: 'Retro Camera' })).toHaveAttribute('href', '/productdetails/12');
    const shipTo = within(first).getByRole('heading', { name: 'Ship to' }).parentElement!;
    expect(shipTo).toHaveTextContent('Asha Rao');
    expect(shipTo).toHaveTextContent('12 MG Road, Near Park, Surat, Gujarat, India 395001');
    expect(shipTo).toHaveTextContent('Note: Leave at the door');
    expect(within(first).queryByText('Auction win')).not.toBeInTheDocument();

    const win = await card(118);
    expect(within(win).getByText('Auction win')).toBeInTheDocument();
    expect(within(win).getByRole('link', { name: 'Silver Rupee, 1919' })).toHaveAttribute('href', '/auctionproduct/7');
    expect(win).toHaveTextContent('Ravi Kumar');
    expect(win).not.toHaveTextContent('Note:');
    expect(api.getSalesPage).toHaveBeenCalledWith({});
  });

  it('offers Mark shipped on Processing, Mark delivered on Shipped, and nothing on the other statuses', async () => {
    sales = [
      sale({ shipmentid: 1, orderid: 11, status: 'Processing' }),
      sale({
        shipmentid: 2,
        orderid: 12,
        status: 'Shipped',
        courier: 'Blue Dart',
        tracking: 'BD 1234567',
        shippedAt: '2025-03-11T10:00:00.000Z',
      }),
      sale({
        shipmentid: 3,
        orderid: 13,
        status: 'Delivered',
        courier: 'Delhivery',
        tracking: 'DL99',
        shippedAt: '2025-03-11T10:00:00.000Z',
        deliveredAt: '2025-03-13T10:00:00.000Z',
      }),
      sale({ shipmentid: 4, orderid: 14, status: 'Cancelled', cancelledAt: '2025-03-10T15:00:00.000Z' }),
      sale({ shipmentid: 5, orderid: 15, status: 'Awaiting payment', shipto: { name: '', address: '', note: '' } }),
    ];
    await renderAt('/myaccount/sales');
    const buttonsOf = async (orderid: number) =>
      within(await card(orderid))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(await buttonsOf(11)).toEqual(['Mark shipped']);
    expect(await buttonsOf(12)).toEqual(['Mark delivered']);
    expect(await buttonsOf(13)).toEqual([]);
    expect(await buttonsOf(14)).toEqual([]);
    expect(await buttonsOf(15)).toEqual([]);
    expect(await card(12)).toHaveTextContent('CourierBlue Dart');
    expect(await card(12)).toHaveTextContent('Tracking numberBD 1234567');
    expect(await card(13)).toHaveTextContent('Delivered13 Mar 2025');
    expect(await card(14)).toHaveTextContent('Cancelled by the buyer on 10 Mar 2025: do not ship it.');
    expect(await card(15)).toHaveTextContent(SHIPMENT_MESSAGES.awaitingPayment);
  });

  it('filters by status (All and each status), reading the list again from its start', async () => {
    const user = userEvent.setup();
    sales = [
      sale({ shipmentid: 3, orderid: 13, status: 'Shipped', courier: 'Blue Dart', tracking: 'BD1234' }),
      sale({ shipmentid: 2, orderid: 12, status: 'Processing' }),
      sale({ shipmentid: 1, orderid: 11, status: 'Processing' }),
    ];
    await renderAt('/myaccount/sales');
    expect(await orderNumbers()).toEqual(['13', '12', '11']);
    const filter = screen.getByRole('group', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['All', 'Awaiting payment', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
    expect(within(filter).getByRole('radio', { name: 'All' })).toBeChecked();

    await user.click(within(filter).getByRole('radio', { name: 'Processing' }));
    expect(api.getSalesPage).toHaveBeenLastCalledWith({ status: 'Processing' });
    await waitFor(async () => expect(await orderNumbers()).toEqual(['12', '11']));

    await user.click(within(filter).getByRole('radio', { name: 'Delivered' }));
    expect(await screen.findByText('No orders to ship: none is Delivered.')).toBeInTheDocument();

    await user.click(within(filter).getByRole('radio', { name: 'All' }));
    expect(api.getSalesPage).toHaveBeenLastCalledWith({});
    await waitFor(async () => expect(await orderNumbers()).toEqual(['13', '12', '11']));
  });

  it('says so when there is nothing to ship', async () => {
    await renderAt('/myaccount/sales');
    expect(await screen.findByText(SHIPMENT_MESSAGES.none)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Orders to ship' })).not.toBeInTheDocument();
  });

  it('loads a page at a time with Load more orders (its cursor, the filter kept)', async () => {
    const user = userEvent.setup();
    sales = Array.from({ length: 25 }, (_, i) => sale({ shipmentid: 100 - i, orderid: 200 - i }));
    await renderAt('/myaccount/sales');
    await waitFor(async () => expect(await orderNumbers()).toHaveLength(20));
    await user.click(screen.getByRole('radio', { name: 'Processing' }));
    await waitFor(() => expect(api.getSalesPage).toHaveBeenLastCalledWith({ status: 'Processing' }));
    await user.click(await screen.findByRole('button', { name: 'Load more orders' }));
    await waitFor(async () => expect(await orderNumbers()).toHaveLength(25));
    expect(api.getSalesPage).toHaveBeenLastCalledWith({ cursor: '20', status: 'Processing' });
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument();
  });

  it('checks the courier and tracking number in the browser with the contract’s messages before sending', async () => {
    const user = userEvent.setup();
    sales = [sale({ shipmentid: 7, orderid: 21 })];
    await renderAt('/myaccount/sales');
    await user.click(within(await card(21)).getByRole('button', { name: 'Mark shipped: order #21' }));
    const form = screen.getByRole('form', { name: 'Mark shipped: order #21' });
    const courier = within(form).getByRole('textbox', { name: /Courier/ });
    const tracking = within(form).getByRole('textbox', { name: /Tracking number/ });
    expect(courier).toHaveFocus();

    // Leaving an empty field says nothing yet (a message appearing would move the button from under the click).
    await user.tab();
    expect(within(form).queryByText(SHIPMENT_MESSAGES.courier)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    expect(within(form).getByText(SHIPMENT_MESSAGES.courier)).toBeInTheDocument();
    expect(within(form).getByText(SHIPMENT_MESSAGES.tracking)).toBeInTheDocument();
    expect(courier).toHaveFocus();
    expect(courier).toHaveAttribute('aria-invalid', 'true');

    await user.type(courier, ' B ');
    await user.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    expect(within(form).getByText(SHIPMENT_MESSAGES.courier)).toBeInTheDocument();

    await user.type(courier, 'lue Dart');
    await user.type(tracking, 'BD-12#');
    expect(within(form).queryByText(SHIPMENT_MESSAGES.courier)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    expect(within(form).getByText(SHIPMENT_MESSAGES.tracking)).toBeInTheDocument();
    expect(tracking).toHaveFocus();
    expect(tracking).toHaveAttribute('maxLength', '40');
    expect(api.markShipped).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark shipped: order #21' })).toHaveFocus());
  });

  it('marks a shipment shipped: sends the courier and tracking number, toasts the server’s message, the card shows the reply', async () => {
    const user = userEvent.setup();
    const processing = sale({ shipmentid: 7, orderid: 21 });
    sales = [processing];
    api.markShipped.mockResolvedValue({
      msg: SHIPMENT_MESSAGES.shipped,
      sale: {
        ...processing,
        status: 'Shipped',
        courier: 'Blue Dart',
        tracking: 'BD 1234567',
        shippedAt: '2025-03-11T10:00:00.000Z',
      },
    });
    await renderAt('/myaccount/sales');
    await user.click(within(await card(21)).getByRole('button', { name: 'Mark shipped: order #21' }));
    const form = screen.getByRole('form', { name: 'Mark shipped: order #21' });
    await user.type(within(form).getByRole('textbox', { name: /Courier/ }), '  Blue Dart ');
    await user.type(within(form).getByRole('textbox', { name: /Tracking number/ }), 'BD 1234567 ');
    await user.click(within(form).getByRole('button', { name: 'Mark shipped' }));

    expect(api.markShipped).toHaveBeenCalledWith(7, { courier: 'Blue Dart', tracking: 'BD 1234567' });
    expect(await toastKind(SHIPMENT_MESSAGES.shipped)).toBe('success');
    const shipped = await card(21);
    expect(within(shipped).getByRole('heading', { name: /Order #21/ })).toHaveTextContent('Shipped');
    expect(shipped).toHaveTextContent('Shipped11 Mar 2025');
    expect(shipped).toHaveTextContent('CourierBlue Dart');
    expect(shipped).toHaveTextContent('Tracking numberBD 1234567');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(within(shipped).getByRole('button', { name: 'Mark delivered: order #21' })).toBeInTheDocument();
    await waitFor(() => expect(within(shipped).getByRole('heading', { name: /Order #21/ })).toHaveFocus());
    // The list was not read again: the card is the server's reply.
    expect(api.getSalesPage).toHaveBeenCalledTimes(1);
  });

  it('marks a shipment delivered after asking; Not yet sends nothing', async () => {
    const user = userEvent.setup();
    const shipped = sale({
      shipmentid: 8,
      orderid: 22,
      status: 'Shipped',
      courier: 'India Post',
      tracking: 'EE123456789IN',
      shippedAt: '2025-03-11T10:00:00.000Z',
    });
    sales = [shipped];
    api.markDelivered.mockResolvedValue({
      msg: SHIPMENT_MESSAGES.delivered,
      sale: { ...shipped, status: 'Delivered', deliveredAt: '2025-03-13T10:00:00.000Z' },
    });
    await renderAt('/myaccount/sales');
    await user.click(within(await card(22)).getByRole('button', { name: 'Mark delivered: order #22' }));
    const question = screen.getByRole('alertdialog', { name: /Has order #22 arrived\?/ });
    expect(within(question).getByRole('button', { name: 'Yes, Mark Delivered' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Not yet' }));
    expect(api.markDelivered).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Mark delivered: order #22' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Mark Delivered' }));
    expect(api.markDelivered).toHaveBeenCalledWith(8);
    expect(await toastKind(SHIPMENT_MESSAGES.delivered)).toBe('success');
    const delivered = await card(22);
    expect(within(delivered).getByRole('heading', { name: /Order #22/ })).toHaveTextContent('Delivered');
    expect(delivered).toHaveTextContent('Delivered13 Mar 2025');
    expect(within(delivered).queryAllByRole('button')).toEqual([]);
  });

  it('a refusal because the shipment moved (409) is a warning and the list is read again', async () => {
    const user = userEvent.setup();
    sales = [sale({ shipmentid: 9, orderid: 23 })];
    api.markShipped.mockImplementation(async () => {
      sales = [sale({ shipmentid: 9, orderid: 23, status: 'Cancelled', cancelledAt: '2025-03-10T15:00:00.000Z' })];
      throw new ApiError(409, SHIPMENT_MESSAGES.cancelled);
    });
    await renderAt('/myaccount/sales');
    await user.click(within(await card(23)).getByRole('button', { name: 'Mark shipped: order #23' }));
    await user.type(screen.getByRole('textbox', { name: /Courier/ }), 'Blue Dart');
    await user.type(screen.getByRole('textbox', { name: /Tracking number/ }), 'BD1234');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(await toastKind(SHIPMENT_MESSAGES.cancelled)).toBe('warning');
    await waitFor(async () => expect(await card(23)).toHaveTextContent('Cancelled by the buyer'));
    expect(within(await card(23)).queryAllByRole('button')).toEqual([]);
    expect(api.getSalesPage).toHaveBeenCalledTimes(2);
  });

  it('another seller’s shipment (403): the server’s message as an error, the form stays', async () => {
    const user = userEvent.setup();
    sales = [sale({ shipmentid: 9, orderid: 23 })];
    api.markShipped.mockRejectedValue(new ApiError(403, SHIPMENT_MESSAGES.notYours));
    await renderAt('/myaccount/sales');
    await user.click(within(await card(23)).getByRole('button', { name: 'Mark shipped: order #23' }));
    await user.type(screen.getByRole('textbox', { name: /Courier/ }), 'Blue Dart');
    await user.type(screen.getByRole('textbox', { name: /Tracking number/ }), 'BD1234');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(await toastKind(SHIPMENT_MESSAGES.notYours)).toBe('error');
    expect(screen.getByRole('form', { name: 'Mark shipped: order #23' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark shipped' })).toBeEnabled();
  });

  it('an expired session signs out and goes to /login, back to this page', async () => {
    api.getSalesPage.mockRejectedValue(new ApiError(401, 'Session expired, please login again'));
    await renderAt('/myaccount/sales');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fmyaccount%2Fsales'));
    expect(useSession.getState().session).toBeNull();
  });
});
