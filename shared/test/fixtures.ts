import type { AuctionItem, Customer, Order, Product, Sale, SessionData, Shipment } from '../src';

// Test data typed from the contract: each fixture is valid as the API sends it, and a test
// overrides only the fields it is about.

/** The customer a test signs in as (`signInAs()`), as the session keeps them. */
export const SIGNED_IN: SessionData = { firstname: 'Asha', lastname: 'Verma', authtoken: 'token-asha' };

/** The signed-in customer as GET /getuserdata answers: user 1, no address yet. */
export function customer(overrides: Partial<Customer> = {}): Customer {
  return {
    userid: 1,
    firstname: SIGNED_IN.firstname,
    lastname: SIGNED_IN.lastname,
    email: 'asha.verma@example.com',
    phonenum: '9876543210',
    createdate: '1990-01-01',
    gender: 'female',
    address: [],
    authtoken: SIGNED_IN.authtoken,
    ...overrides,
  };
}

/** A product of the catalogue; its photo URL and description follow its id and name. */
export function product(overrides: Partial<Product> = {}): Product {
  const productid = overrides.productid ?? 1;
  const productname = overrides.productname ?? 'Wireless Headphones';
  return {
    productid,
    productname,
    title: 'Electronics',
    description: `${productname}: a sample description.`,
    price: 2999,
    rating: 4,
    photo: `http://localhost:4000/images/${productid}.png`,
    location: 'Mumbai',
    userid: 1,
    ...overrides,
  };
}

const HOUR = 3600 * 1000;

/** An open item owned by user 1, ending in two days, with two bids (newest first). */
export function auctionItem(overrides: Partial<AuctionItem> = {}): AuctionItem {
  const auctionid = overrides.auctionid ?? 1;
  return {
    auctionid,
    productid: auctionid,
    productname: 'Sunset over the Ghats',
    category: 'Painting',
    description: 'Oil on canvas, 60 × 90 cm.\nSigned by the artist.',
    photo: `http://localhost:4000/images/${auctionid}a.png`,
    photos: [`http://localhost:4000/images/${auctionid}a.png`, `http://localhost:4000/images/${auctionid}b.png`],
    bid: 5000,
    startbid: 4000,
    highbid: 5000,
    rangelowbid: 3000,
    rangehighbid: 9000,
    ageproduct: '25 years',
    time: new Date(Date.now() + 48 * HOUR).toISOString(),
    username: 'ArtLover',
    ownerid: 1,
    status: 'open',
    winner: null,
    bidcount: 2,
    bids: [
      { bid: 5000, nickname: 'Priya', at: '2026-01-02T10:00:00.000Z' },
      { bid: 4500, nickname: 'Rohan', at: '2026-01-01T10:00:00.000Z' },
    ],
    ...overrides,
  };
}

/** The one shipment of an order of the demo catalogue: Fulfilled by Marketplace, on the order's clock, all its lines. */
export function shipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    shipmentid: 1,
    fulfilledBy: 'marketplace',
    seller: 'Fulfilled by Marketplace',
    status: 'Processing',
    courier: null,
    tracking: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    lines: [],
    ...overrides,
  };
}

/**
 * An order as GET /allorders and GET /order answer; its total follows the server's rule (bill
 * amount plus tax). Without `shipments`, it has one marketplace shipment of its lines, of its status.
 */
export function order(overrides: Partial<Order> = {}): Order {
  const merged: Omit<Order, 'shipments'> = {
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
    ...overrides,
  };
  const shipments = overrides.shipments ?? [
    shipment({
      shipmentid: merged.orderid,
      status: merged.status,
      cancelledAt: merged.cancelledAt,
      lines: merged.orderdata,
    }),
  ];
  return { ...merged, shipments, total: overrides.total ?? merged.billamount + merged.billtax };
}

/** A shipment of the signed-in seller as GET /sales answers: Processing, one line, to Asha Rao in Surat. */
export function sale(overrides: Partial<Sale> = {}): Sale {
  const lines = overrides.lines ?? [{ productid: 12, productname: 'Retro Camera', price: 1299, quantity: 2 }];
  return {
    shipmentid: 501,
    orderid: 101,
    orderdate: '2025-03-10T12:00:00.000Z',
    status: 'Processing',
    shipto: {
      name: 'Asha Rao',
      address: '12 MG Road, Near Park, Surat, Gujarat, India 395001',
      note: 'Leave at the door',
    },
    lines,
    amount: lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
    courier: null,
    tracking: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    ...overrides,
  };
}
