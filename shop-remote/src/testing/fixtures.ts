import type { Product } from '@marketplace/shared';
import { product } from '@marketplace/shared/testing';

/** A small catalogue: two drones, two shirts, so searches and categories have something to tell apart. */
export const PRODUCTS: Product[] = [
  product({ productid: 1, productname: 'Wireless Headphones', title: 'Electronics', price: 2999, rating: 5 }),
  product({ productid: 2, productname: 'Cotton Shirt', title: 'Clothing', price: 799, rating: 3 }),
  product({ productid: 3, productname: 'Phantom Drone X', title: 'Electronics', price: 45999, rating: 4 }),
  product({ productid: 4, productname: 'Leather Wallet', title: 'Accessories', price: 1299, rating: 2 }),
  product({ productid: 5, productname: 'Sky Drone Mini', title: 'Electronics', price: 15999, rating: 4 }),
  product({ productid: 6, productname: 'Denim Shirt', title: 'Clothing', price: 1499, rating: 4 }),
];
