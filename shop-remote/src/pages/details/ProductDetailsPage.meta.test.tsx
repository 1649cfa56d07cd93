import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@marketplace/shared';
import { mockApi, product } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';
import { productMeta } from './ProductDetailsPage';

const api = mockApi();
const origin = 'https://shop.example';

beforeEach(() => {
  api.searchProducts.mockResolvedValue({ products: [], hasMore: false, next: null });
});

describe('product page meta', () => {
  it('names the product, its price and its photo, with the Product and the trail Home › category › product', () => {
    const item = product({ productid: 12, productname: 'Wireless Headphones', title: 'Electronics', price: 2999 });
    const meta = productMeta(item, origin);
    expect(meta).toMatchObject({
      title: 'Wireless Headphones',
      description: 'Rs. 2,999. Wireless Headphones: a sample description.',
      path: '/productdetails/12',
      image: 'http://localhost:4000/images/12.png',
      type: 'product',
      properties: { 'product:price:amount': '2999', 'product:price:currency': 'INR' },
    });
    expect(meta.jsonLd?.[0]).toMatchObject({
      '@type': 'Product',
      name: 'Wireless Headphones',
      offers: { price: 2999, priceCurrency: 'INR', url: 'https://shop.example/productdetails/12' },
    });
    expect(meta.jsonLd?.[1]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://shop.example/' },
        { position: 2, name: 'Electronics', item: 'https://shop.example/newarrival/Electronics' },
        { position: 3, name: 'Wireless Headphones', item: 'https://shop.example/productdetails/12' },
      ],
    });
  });

  it('shows the product name in the tab title once it is loaded', async () => {
    document.title = 'Marketplace';
    api.getProduct.mockResolvedValue(product({ productid: 3, productname: 'Cotton Shirt' }));
    await renderAt('/productdetails/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cotton Shirt' })).toBeInTheDocument();
    expect(document.title).toBe('Cotton Shirt | Marketplace');
  });

  it('titles a missing product as not found', async () => {
    api.getProduct.mockRejectedValue(new ApiError(404, 'Product not found'));
    await renderAt('/productdetails/999');
    await waitFor(() => expect(document.title).toBe('Product not found | Marketplace'));
  });
});
