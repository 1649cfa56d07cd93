export { http, ApiError, apiBaseUrl, toApiError } from './http';
export { getProducts, getProduct, searchProducts } from './catalog';
export {
  getAnyToken,
  login,
  signup,
  logout,
  requestPasswordReset,
  verifyResetOtp,
  completePasswordReset,
  checkPassword,
  changePassword,
  updateProfile,
  updateAddresses,
  getUserData,
} from './account';
export { sendContact } from './contact';
export { getCartItems } from './cart';

export type {
  Product,
  ProductSearch,
  CartItem,
  Customer,
  Address,
  SessionData as LoginData,
  SignupPayload,
  ContactMessage,
  Order,
  OrderLine,
  OrderStatus,
  PayInfo,
  Review,
  AuctionItem,
  Bid,
  BidderRow,
  BidderStatus,
} from '../contract';
