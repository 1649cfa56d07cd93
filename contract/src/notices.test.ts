import { NOTICE_KINDS, NOTICE_SWITCHES, linkPath, noticeTarget, noticeText, type LinkParams } from './rules';

describe('what a notice says', () => {
  it('names the item and the money in rupees, Indian grouping', () => {
    expect(noticeText('outbid', { productname: 'Brass Lamp', price: 150000, nextbid: 151000 })).toBe(
      'You have been outbid on "Brass Lamp": the BID is now Rs. 1,50,000. Enter Rs. 1,51,000 or more to lead.',
    );
    expect(noticeText('won', { productname: 'Clock', price: 1250, orderid: 9 })).toBe(
      'You won "Clock" at Rs. 1,250. Your order is in My Orders.',
    );
    expect(noticeText('lost', { productname: 'Clock' })).toBe(
      'The auction of "Clock" has ended: another bidder won it.',
    );
    expect(noticeText('sold', { productname: 'Clock', price: 1250, buyer: 'Asha' })).toBe(
      '"Clock" sold to Asha at Rs. 1,250.',
    );
    expect(noticeText('unsold', { productname: 'Clock' })).toBe('The auction of "Clock" ended unsold.');
    expect(noticeText('ending', { productname: 'Clock', price: 900 })).toBe(
      '"Clock" ends within the hour: the BID is Rs. 900.',
    );
  });

  it('tells the buyer the courier and tracking number, the seller the order and the amount', () => {
    const parcel = { productname: 'Wool socks and 1 more', orderid: 12, shipmentid: 30 };
    expect(noticeText('shipped', { ...parcel, courier: 'BlueDart', tracking: 'BD 1234' })).toBe(
      '"Wool socks and 1 more" of your order #12 has shipped with BlueDart, tracking number BD 1234.',
    );
    expect(noticeText('delivered', parcel)).toBe('"Wool socks and 1 more" of your order #12 has been delivered.');
    expect(noticeText('neworder', { ...parcel, price: 1548 })).toBe(
      'New order #12 to ship: "Wool socks and 1 more" (Rs. 1,548).',
    );
    expect(noticeText('ordercancelled', parcel)).toBe(
      'Order #12 was cancelled by the buyer: do not ship "Wool socks and 1 more".',
    );
  });

  it('has one switch for every kind, Sold/Unsold covering both', () => {
    expect(NOTICE_SWITCHES.flatMap((s) => s.kinds).sort()).toEqual([...NOTICE_KINDS].sort());
    expect(NOTICE_SWITCHES.map((s) => s.label)).toEqual([
      'Outbid',
      'Won',
      'Lost',
      'Sold/Unsold',
      'Ending soon',
      'Shipping',
      'Orders to ship',
    ]);
  });
});

describe('the page a notice links to (its toast and its mail alike)', () => {
  // As the live manifests link these pages.
  const LINKS = {
    manageOrder: '/myaccount/manageorder',
    myOrders: '/myaccount/myorder',
    sales: '/myaccount/sales',
    auctionHome: '/auctionhome',
    auctionProduct: '/auctionproduct/:id',
  };
  const linkTo = (name: string, params?: LinkParams) => linkPath(LINKS, name, params);
  const item = { productname: 'Clock' };

  it('sends the buyer to the order, the seller to the orders to ship, the rest to the item', () => {
    expect(noticeTarget({ kind: 'won', auctionid: 4, data: { ...item, orderid: 9 } }, linkTo)).toEqual({
      to: '/myaccount/manageorder?orderid=9',
      label: 'View order',
    });
    expect(noticeTarget({ kind: 'shipped', auctionid: null, data: { ...item, orderid: 12 } }, linkTo)).toEqual({
      to: '/myaccount/manageorder?orderid=12',
      label: 'View order',
    });
    expect(noticeTarget({ kind: 'ordercancelled', auctionid: null, data: { ...item, orderid: 12 } }, linkTo)).toEqual({
      to: '/myaccount/sales',
      label: 'Orders to ship',
    });
    for (const kind of ['outbid', 'lost', 'sold', 'unsold', 'ending'] as const)
      expect(noticeTarget({ kind, auctionid: 4, data: item }, linkTo)).toEqual({
        to: '/auctionproduct/4',
        label: 'See the item',
      });
  });

  it('links a page that exists when the notice names no order or item', () => {
    expect(noticeTarget({ kind: 'delivered', auctionid: null, data: item }, linkTo)).toEqual({
      to: '/myaccount/myorder',
      label: 'View order',
    });
    expect(noticeTarget({ kind: 'won', auctionid: 4, data: item }, linkTo).to).toBe('/auctionproduct/4');
    expect(noticeTarget({ kind: 'outbid', auctionid: null, data: item }, linkTo)).toEqual({
      to: '/auctionhome',
      label: 'See the item',
    });
  });
});
