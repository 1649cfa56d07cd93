/** Pages of the cart and checkout flow (spec section 2) and their failure target. */
export const CART_PATH = '/viewcart';
export const EMPTY_CART_PATH = '/emptycart';
export const CHECKOUT_PATH = '/checkout';
export const BILL_CONFIRM_PATH = '/billconfirm';
export const ADDRESS_BOOK_PATH = '/myaccount/addressbook';
export const MY_ORDERS_PATH = '/myaccount/myorder';
export const REVIEW_PATH = '/review';
export const ADD_REVIEW_PATH = '/addreview';
export const ERROR_PATH = '/error404';
