import type { Product } from '@marketplace/shared';

const product = (productid: number, productname: string, title: string, price: number, rating = 4): Product => ({
  productid,
  productname,
  title,
  description: `${productname}: a sample description.`,
  price,
  rating,
  photo: `http://localhost:4000/images/${productid}.png`,
  location: 'Mumbai',
  userid: 1,
});

export const PRODUCTS: Product[] = [
  product(1, 'Wireless Headphones', 'Electronics', 2999, 5),
  product(2, 'Cotton Shirt', 'Clothing', 799, 3),
  product(3, 'Phantom Drone X', 'Electronics', 45999, 4),
  product(4, 'Leather Wallet', 'Accessories', 1299, 2),
  product(5, 'Sky Drone Mini', 'Electronics', 15999, 4),
  product(6, 'Denim Shirt', 'Clothing', 1499, 4),
];
