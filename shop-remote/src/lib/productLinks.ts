/** Where a product's pages live (spec section 2). */
export const productDetailsPath = (productid: number): string => `/productdetails/${productid}`;
export const addToCartPath = (productid: number): string => `/viewcart/${productid}`;
export const searchPath = (term: string): string => `/newarrival/${encodeURIComponent(term)}`;
export const NEW_ARRIVALS_PATH = '/newarrival';
export const LOGIN_PATH = '/login';

/** The spec's list-call failure text (section 8). */
export const LOAD_ERROR_TEXT = 'Something went wrong ...';
