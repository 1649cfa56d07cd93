import type { Order } from '@marketplace/shared';

/** An order as GET /allorders and GET /order return it; amounts follow the server's rules. */
export function makeOrder(over: Partial<Order> = {}): Order {
  const base: Order = {
    orderid: 101,
    orderdate: '2025-03-10T12:00:00.000Z',
    billname: 'Asha Rao',
    billamount: 1250,
    billtax: 0,
    discount: 50,
    couponname: 'WELCOME50',
    total: 1250,
    status: 'Processing',
    ordernote: 'Leave at the door',
    billaddress: '12 MG Road, Near Park, Surat, Gujarat, India 395001',
    payinfo: 'cod',
    orderdata: [
      { productid: 3, productname: 'Wireless Earbuds', price: 999, quantity: 1 },
      { productid: 8, productname: 'Phone Case', price: 301, quantity: 1 },
    ],
    shippedBy: '2025-03-11T12:00:00.000Z',
    deliveredBy: '2025-03-12T12:00:00.000Z',
    cancelledAt: null,
  };
  const order = { ...base, ...over };
  return { ...order, total: over.total ?? order.billamount + order.billtax };
}
