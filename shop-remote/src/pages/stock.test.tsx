import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type CartItem, type Product } from '@marketplace/shared';
import { mockApi, product, signInAs } from '@marketplace/shared/testing';
import { toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../testing/renderAt';
import { productMeta } from './details/ProductDetailsPage';

/** Issue 26: stock labels, Add to Cart out of stock, "Tell me when it's back", the cart's quantity stepper. */
const api = mockApi();

const PLENTY: Product = product({ productid: 1, productname: 'Brass Lamp', title: 'Accessories', price: 800 });
const FEW: Product = {
  ...product({ productid: 2, productname: 'Teak Stool', title: 'Accessories', price: 1800 }),
  left: 2,
};
const GONE: Product = {
  ...product({ productid: 3, productname: 'Trail Shoes', title: 'Accessories', price: 2400 }),
  left: 0,
};

beforeEach(() => {
  api.searchProducts.mockResolvedValue({ products: [PLENTY, FEW, GONE], hasMore: false, next: null });
  api.getCategories.mockResolvedValue(['Accessories']);
  api.refreshCartCount.mockResolvedValue();
});

describe('stock on cards and the product page', () => {
  it('cards say In stock / Only N left / Out of stock; Add to Cart is disabled only out of stock', async () => {
    await renderAt('/newarrival');
    const list = await screen.findByRole('list', { name: 'Products' });
    const card = (name: string) => within(list).getByRole('heading', { name }).closest('article') as HTMLElement;
    await screen.findByRole('heading', { name: 'Trail Shoes' });
    expect(within(card('Brass Lamp')).getByText('In stock')).toBeInTheDocument();
    expect(within(card('Teak Stool')).getByText('Only 2 left')).toBeInTheDocument();
    expect(within(card('Trail Shoes')).getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to Cart: Brass Lamp' })).toHaveAttribute('href', '/viewcart/1');
    expect(screen.getByRole('link', { name: 'Add to Cart: Teak Stool' })).toHaveAttribute('href', '/viewcart/2');
    expect(screen.getByRole('button', { name: 'Add to Cart: Trail Shoes (out of stock)' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Add to Cart: Trail Shoes/ })).not.toBeInTheDocument();
  });

  it("the home page's trending cards: the labels, and the cart action disabled out of stock", async () => {
    api.getTrendingProducts.mockResolvedValue([PLENTY, GONE]);
    api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
    await renderAt('/');
    expect(await screen.findByRole('button', { name: 'Add to cart: Trail Shoes (out of stock)' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Add to cart: Brass Lamp' })).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'Trail Shoes' }).closest('article') as HTMLElement;
    expect(within(card).getByText('Out of stock')).toBeInTheDocument();
  });

  it('out of stock: the label, no Add to Cart, "Tell me when it\'s back" (a visitor signs in first), the heart stays', async () => {
    api.getProduct.mockResolvedValue(GONE);
    await renderAt('/productdetails/3');
    const article = await screen.findByRole('article');
    await within(article).findByRole('heading', { level: 1, name: 'Trail Shoes' });
    expect(within(article).getByText('Out of stock')).toBeInTheDocument();
    expect(within(article).queryByRole('link', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(within(article).getByRole('link', { name: "Tell me when it's back" })).toHaveAttribute(
      'href',
      '/login?next=%2Fproductdetails%2F3',
    );
    expect(within(article).getByRole('link', { name: 'Add to Wishlist' })).toBeInTheDocument();
  });

  it('a signed-in shopper asks to be told, sees it pressed, and can withdraw it', async () => {
    const user = userEvent.setup();
    signInAs();
    api.getProduct.mockResolvedValue(GONE);
    api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
    api.getPriceAlert.mockResolvedValue(false);
    api.getStockAlert.mockResolvedValue(false);
    api.setStockAlert
      .mockResolvedValueOnce({ msg: "We will email you when it's back in stock", waiting: true })
      .mockResolvedValueOnce({ msg: 'Removed: we will not email you when it is back', waiting: false });
    await renderAt('/productdetails/3');
    const tell = () => screen.getByRole('button', { name: "Tell me when it's back" });
    await waitFor(() => expect(tell()).toBeEnabled());
    expect(api.getStockAlert).toHaveBeenCalledWith(3);
    expect(tell()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Add to Wishlist' })).toBeInTheDocument();
    await user.click(tell());
    expect(api.setStockAlert).toHaveBeenLastCalledWith(3, true);
    expect(await toastKind("We will email you when it's back in stock")).toBe('success');
    expect(tell()).toHaveAttribute('aria-pressed', 'true');
    await user.click(tell());
    expect(api.setStockAlert).toHaveBeenLastCalledWith(3, false);
    expect(tell()).toHaveAttribute('aria-pressed', 'false');
  });

  it('in stock or low: the label and the Add to Cart link, no back-in-stock button or call', async () => {
    signInAs();
    api.getProduct.mockResolvedValue(FEW);
    api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
    api.getPriceAlert.mockResolvedValue(false);
    await renderAt('/productdetails/2');
    const article = await screen.findByRole('article');
    await within(article).findByRole('heading', { level: 1, name: 'Teak Stool' });
    expect(within(article).getByText('Only 2 left')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Add to Cart' })).toHaveAttribute('href', '/viewcart/2');
    expect(screen.queryByRole('button', { name: "Tell me when it's back" })).not.toBeInTheDocument();
    expect(api.getStockAlert).not.toHaveBeenCalled();
  });

  it('the wishlist shows the labels; ADD TO CART waits while a product is out of stock', async () => {
    signInAs();
    api.getWishlistPage.mockResolvedValue({ items: [GONE, FEW], next: null, count: 2 });
    await renderAt('/wishlist');
    const list = await screen.findByRole('list', { name: 'Wishlist items' });
    expect(within(list).getByText('Out of stock')).toBeInTheDocument();
    expect(within(list).getByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD TO CART: Trail Shoes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'ADD TO CART: Teak Stool' })).toBeEnabled();
  });

  it('JSON-LD availability follows the stock', () => {
    const offer = (p: Product) =>
      (productMeta(p, 'https://shop.example').jsonLd?.[0] as { offers: { availability: string } }).offers.availability;
    expect(offer(PLENTY)).toBe('https://schema.org/InStock');
    expect(offer(FEW)).toBe('https://schema.org/InStock');
    expect(offer(GONE)).toBe('https://schema.org/OutOfStock');
  });
});

describe('the cart quantity stepper', () => {
  const line = (productid: number, productname: string, price: number, quantity: number, max: number): CartItem => ({
    productid,
    productname,
    title: 'Clothing',
    price,
    photo: `http://localhost:4000/images/${productid}.png`,
    quantity,
    max,
  });

  beforeEach(() => signInAs());

  it('− and + change the line through the server; the bounds disable them; totals follow', async () => {
    const user = userEvent.setup();
    api.getCartItems.mockResolvedValue([line(5, 'Wool Socks', 150, 1, 3)]);
    api.setCartQuantity
      .mockResolvedValueOnce([line(5, 'Wool Socks', 150, 2, 3)])
      .mockResolvedValueOnce([line(5, 'Wool Socks', 150, 3, 3)])
      .mockResolvedValueOnce([line(5, 'Wool Socks', 150, 2, 3)]);
    await renderAt('/viewcart');
    const group = await screen.findByRole('group', { name: 'Quantity of Wool Socks' });
    const minus = within(group).getByRole('button', { name: 'Decrease quantity of Wool Socks' });
    const plus = within(group).getByRole('button', { name: 'Increase quantity of Wool Socks' });
    expect(within(group).getByText('1')).toBeInTheDocument();
    expect(minus).toBeDisabled();
    expect(plus).toBeEnabled();

    await user.click(plus);
    expect(api.setCartQuantity).toHaveBeenLastCalledWith(5, 2);
    await waitFor(() => expect(within(group).getByText('2')).toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(2 items)');
    expect(api.refreshCartCount).toHaveBeenCalled();
    await user.click(plus);
    await waitFor(() => expect(within(group).getByText('3')).toBeInTheDocument());
    // At the stock (3): + is disabled; the subtotal is 3 × 150 (below Rs. 500: shipping 50).
    expect(plus).toBeDisabled();
    expect(screen.getAllByText('Rs. 450').length).toBeGreaterThan(0);
    expect(screen.getByText('Rs. 50')).toBeInTheDocument();
    await user.click(minus);
    expect(api.setCartQuantity).toHaveBeenLastCalledWith(5, 2);
    await waitFor(() => expect(within(group).getByText('2')).toBeInTheDocument());
  });

  it('stops at 10 a line, and a refusal (409) shows the server’s message and keeps the quantity', async () => {
    const user = userEvent.setup();
    api.getCartItems.mockResolvedValue([line(6, 'Silk Scarf', 400, 10, 10), line(7, 'Linen Shirt', 900, 2, 10)]);
    api.setCartQuantity.mockRejectedValue(new ApiError(409, 'Only 2 left of Linen Shirt'));
    await renderAt('/viewcart');
    const scarf = await screen.findByRole('group', { name: 'Quantity of Silk Scarf' });
    expect(within(scarf).getByRole('button', { name: 'Increase quantity of Silk Scarf' })).toBeDisabled();
    const shirt = screen.getByRole('group', { name: 'Quantity of Linen Shirt' });
    await user.click(within(shirt).getByRole('button', { name: 'Increase quantity of Linen Shirt' }));
    expect(await toastKind('Only 2 left of Linen Shirt')).toBe('error');
    expect(within(shirt).getByText('2')).toBeInTheDocument();
  });

  it('a line above what is left says so and goes down to what is left in one press', async () => {
    const user = userEvent.setup();
    api.getCartItems.mockResolvedValue([line(8, 'Clay Pot', 300, 4, 2), line(9, 'Sold Jar', 100, 2, 0)]);
    api.setCartQuantity.mockResolvedValue([line(8, 'Clay Pot', 300, 2, 2), line(9, 'Sold Jar', 100, 2, 0)]);
    await renderAt('/viewcart');
    const pot = await screen.findByRole('group', { name: 'Quantity of Clay Pot' });
    expect(within(pot).getByRole('button', { name: 'Increase quantity of Clay Pot' })).toBeDisabled();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByText('Out of stock: remove it to order')).toBeInTheDocument();
    // Out of stock: neither button helps, Delete does.
    const jar = screen.getByRole('group', { name: 'Quantity of Sold Jar' });
    expect(within(jar).getByRole('button', { name: 'Decrease quantity of Sold Jar' })).toBeDisabled();
    expect(within(jar).getByRole('button', { name: 'Increase quantity of Sold Jar' })).toBeDisabled();

    await user.click(within(pot).getByRole('button', { name: 'Decrease quantity of Clay Pot' }));
    expect(api.setCartQuantity).toHaveBeenCalledWith(8, 2);
    await waitFor(() => expect(screen.queryByText('Only 2 left')).not.toBeInTheDocument());
  });
});
