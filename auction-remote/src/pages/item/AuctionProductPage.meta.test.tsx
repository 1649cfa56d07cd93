import { screen } from '@testing-library/react';
import { auctionItem, customer, mockApi } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';
import { auctionItemMeta } from './AuctionProductPage';

const api = mockApi();
const origin = 'https://shop.example';
const now = Date.parse('2030-01-01T00:00:00.000Z');

describe('auction item page meta', () => {
  it('names the item, its current bid and its end time, with the item offered at the bid until the end', () => {
    const item = auctionItem({ auctionid: 7, bid: 5500, time: '2030-01-03T10:30:00.000Z' });
    const meta = auctionItemMeta(item, origin, now);
    expect(meta).toMatchObject({
      title: 'Sunset over the Ghats',
      path: '/auctionproduct/7',
      image: 'http://localhost:4000/images/7a.png',
      type: 'product',
      properties: { 'product:price:amount': '5500', 'product:price:currency': 'INR' },
    });
    expect(meta.description).toMatch(
      /^Current BID: Rs\. 5,500\. Bidding ends 3 Jan 2030, 4:00\spm IST\. Oil on canvas/,
    );
    expect(meta.jsonLd?.[0]).toMatchObject({
      '@type': 'Product',
      offers: { price: 5500, priceCurrency: 'INR', availabilityEnds: '2030-01-03T10:30:00.000Z' },
    });
    expect(meta.jsonLd?.[1]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: 'Home' },
        { name: 'Auction House', item: 'https://shop.example/auctionhome' },
        { name: 'Sunset over the Ghats', item: 'https://shop.example/auctionproduct/7' },
      ],
    });
  });

  it('says when bidding closed', () => {
    const item = auctionItem({ status: 'closed', time: '2030-01-03T10:30:00.000Z' });
    expect(auctionItemMeta(item, origin, now).description).toContain('Bidding closed 3 Jan 2030');
  });

  it('shows the item name in the tab title once it is loaded', async () => {
    document.title = 'Marketplace';
    api.subscribeToAuction.mockReturnValue(() => undefined);
    api.getUserData.mockResolvedValue(customer({ userid: 5 }));
    api.getAuction.mockResolvedValue(auctionItem({ auctionid: 4, productname: 'Old Coin' }));
    await renderAt('/auctionproduct/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Old Coin' })).toBeInTheDocument();
    expect(document.title).toBe('Old Coin | Marketplace');
  });
});
