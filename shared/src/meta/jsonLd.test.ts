import { auctionItem, product } from '../../test/fixtures';
import { auctionItemJsonLd, breadcrumbJsonLd, productJsonLd } from './jsonLd';

const origin = 'https://shop.example';

describe('productJsonLd', () => {
  it('is a schema.org Product with an Offer in INR at the product page', () => {
    const item = product({
      productid: 12,
      price: 2999,
      photo: 'https://api.example/images/a.png',
      photos: ['https://api.example/images/a.png', 'https://api.example/images/b.png'],
    });
    expect(productJsonLd(item, { origin: `${origin}/` })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Wireless Headphones',
      description: 'Wireless Headphones: a sample description.',
      image: ['https://api.example/images/a.png', 'https://api.example/images/b.png'],
      sku: '12',
      productID: '12',
      category: 'Electronics',
      offers: {
        '@type': 'Offer',
        price: 2999,
        priceCurrency: 'INR',
        url: 'https://shop.example/productdetails/12',
      },
    });
  });

  it('invents nothing: no rating without a count, no availability without a stock, no image that is not a link', () => {
    const data = productJsonLd(product({ rating: 4, photo: 'data:image/png;base64,AAAA' }), { origin });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('image');
    expect(data.offers).not.toHaveProperty('availability');
  });

  it('says a product can be bought when the caller says so and knows no stock', () => {
    expect(productJsonLd(product(), { origin, available: true }).offers).toMatchObject({
      availability: 'https://schema.org/InStock',
    });
    expect(productJsonLd(product(), { origin, available: true, stock: 0 }).offers).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('adds the rating and the availability when the caller knows them', () => {
    const data = productJsonLd(product({ rating: 4.5 }), { origin, ratingCount: 31, stock: 0 });
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      ratingCount: 31,
      bestRating: 5,
      worstRating: 0,
    });
    expect(data.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(productJsonLd(product(), { origin, stock: 3 }).offers).toMatchObject({
      availability: 'https://schema.org/InStock',
    });
  });
});

describe('auctionItemJsonLd', () => {
  const now = Date.parse('2030-01-01T00:00:00.000Z');

  it('offers the item at its current bid until the auction ends', () => {
    const item = auctionItem({ auctionid: 7, bid: 5500, time: '2030-01-03T10:30:00.000Z' });
    expect(auctionItemJsonLd(item, { origin, now })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: item.productname,
      description: item.description,
      image: item.photos,
      productID: '7',
      category: 'Painting',
      offers: {
        '@type': 'Offer',
        price: 5500,
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        availabilityEnds: '2030-01-03T10:30:00.000Z',
        priceValidUntil: '2030-01-03',
        url: 'https://shop.example/auctionproduct/7',
      },
    });
  });

  it('is sold out once closed or past its end', () => {
    const closed = auctionItemJsonLd(auctionItem({ status: 'closed', time: '2030-01-03T10:30:00.000Z' }), {
      origin,
      now,
    });
    expect(closed.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
    const ended = auctionItemJsonLd(auctionItem({ time: '2029-12-31T10:30:00.000Z' }), { origin, now });
    expect(ended.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
  });
});

describe('breadcrumbJsonLd', () => {
  it('lists the steps in order with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Electronics', path: '/newarrival/Electronics' },
        ],
        { origin },
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Electronics', item: 'https://shop.example/newarrival/Electronics' },
      ],
    });
  });
});
