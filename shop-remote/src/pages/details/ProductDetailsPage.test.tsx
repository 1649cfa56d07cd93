import { screen, within } from '@testing-library/react';
import { ApiError, getProduct, getProducts } from '@marketplace/shared';
import { PRODUCTS } from '../../testing/fixtures';
import { renderAt } from '../../testing/renderAt';

jest.mock('@marketplace/shared', () => ({
  ...jest.requireActual('@marketplace/shared'),
  getProduct: jest.fn(),
  getProducts: jest.fn(),
}));

const mockedGetProduct = getProduct as jest.MockedFunction<typeof getProduct>;
const mockedGetProducts = getProducts as jest.MockedFunction<typeof getProducts>;
const HEADPHONES = PRODUCTS[0];

beforeEach(() => mockedGetProducts.mockResolvedValue(PRODUCTS));
afterEach(() => {
  mockedGetProduct.mockReset();
  mockedGetProducts.mockReset();
});

describe('product details', () => {
  it('shows a spinner, then the name, price, description, photo and an Add to Cart link', async () => {
    mockedGetProduct.mockResolvedValue(HEADPHONES);
    await renderAt('/productdetails/1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading product');

    expect(await screen.findByRole('heading', { level: 1, name: 'Wireless Headphones' })).toBeInTheDocument();
    expect(mockedGetProduct).toHaveBeenCalledWith(1);
    const product = screen.getByRole('article');
    expect(within(product).getByText('Rs. 2999')).toBeInTheDocument();
    expect(within(product).getByText('Wireless Headphones: a sample description.')).toBeInTheDocument();
    expect(within(product).getByText('Electronics', { selector: 'p' })).toBeInTheDocument();
    expect(within(product).getByRole('img', { name: 'Wireless Headphones' })).toHaveAttribute(
      'src',
      'http://localhost:4000/images/1.png',
    );
    expect(within(product).getByRole('link', { name: 'Add to Cart' })).toHaveAttribute('href', '/viewcart/1');
    expect(within(product).getByRole('link', { name: 'Add to Wishlist' })).toHaveAttribute('href', '/login');
    expect(within(product).getByRole('link', { name: 'Email me when the price drops' })).toHaveAttribute('href', '/login');
  });

  it('shows a struck-through higher price, stars, tags and related products', async () => {
    mockedGetProduct.mockResolvedValue(HEADPHONES);
    await renderAt('/productdetails/1');
    await screen.findByRole('heading', { level: 1, name: 'Wireless Headphones' });

    const was = screen.getByText((_, el) => el?.tagName === 'DEL');
    expect(was).toHaveTextContent('Was Rs. 3749');
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Headphones' })).toHaveAttribute('href', '/newarrival/Headphones');

    const related = await screen.findByRole('list', { name: 'Related products' });
    const names = within(related).getAllByRole('heading').map((h) => h.textContent);
    expect(names).toHaveLength(4);
    expect(names).not.toContain('Wireless Headphones');
    // The same category first.
    expect(names.slice(0, 2)).toEqual(['Phantom Drone X', 'Sky Drone Mini']);
  });

  it('says the product was not found for an unknown id, with a way back to new arrivals', async () => {
    mockedGetProduct.mockRejectedValue(new ApiError(404, 'Product not found'));
    await renderAt('/productdetails/999');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse new arrivals' })).toHaveAttribute('href', '/newarrival');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('treats an id that is not a number as not found without calling the API', async () => {
    await renderAt('/productdetails/abc');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(mockedGetProduct).not.toHaveBeenCalled();
  });

  it("shows 'Something went wrong ...' when the API cannot be reached", async () => {
    mockedGetProduct.mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt('/productdetails/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong ...');
    expect(screen.queryByRole('heading', { name: 'Product not found' })).not.toBeInTheDocument();
  });
});
