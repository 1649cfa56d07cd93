/** Where a product's pages live (spec section 2). */
export const productDetailsPath = (productid: number): string => `/productdetails/${productid}`;
export const addToCartPath = (productid: number): string => `/viewcart/${productid}`;
export const searchPath = (term: string): string => `/newarrival/${encodeURIComponent(term)}`;
/** The seller's edit of a listing (this remote owns the product forms: Add Product and its edit). */
export const editProductPath = (productid: number): string => `/editproduct/${productid}`;
export const NEW_ARRIVALS_PATH = '/newarrival';
export const LOGIN_PATH = '/login';
export const SIGNUP_PATH = '/signup';
export const WISHLIST_PATH = '/wishlist';
/** The seller's listings, in the account area (the account remote's page). */
export const MY_PRODUCTS_PATH = '/myaccount/myproducts';
