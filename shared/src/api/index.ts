export { http, ApiError, apiBaseUrl, toApiError } from './http';
export { getProducts, getProduct, searchProducts, type SearchPage } from './catalog';
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
export { getCartItems, addToCart, removeFromCart, clearCart } from './cart';
export { checkCoupon, getCoupons, getReviews, addReview, createProduct } from './shop';
export { uploadPhoto } from './uploads';
export { placeOrder, getOrders, getOrder, cancelOrder } from './orders';
export { getAuctions, getAuction, createAuction, placeBid, getMyBidders, approveBidder, subscribeToAuction } from './auctions';

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
  Coupon,
  CouponCheck,
  CreateProductBody,
  PlaceOrderBody,
  AuctionItem,
  Bid,
  BidderRow,
  BidderStatus,
  AuctionCategory,
  AuctionStatus,
  AuctionEvent,
  AuctionBidEvent,
  AuctionClosedEvent,
  CreateAuctionInput,
} from '../contract';
