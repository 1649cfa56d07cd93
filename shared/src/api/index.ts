export { http, ApiError, apiBaseUrl, toApiError } from './http';
export { errorMessage, hasStatus, messageOf } from './failures';
export {
  getProducts,
  getProductsPage,
  getTrendingProducts,
  getCategories,
  getProduct,
  searchProducts,
  type SearchPage,
} from './catalog';
export { type Page } from './paging';
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
export { checkCoupon, getCoupons } from './coupons';
export { getReviews, getReviewsPage, addReview } from './reviews';
export { createProduct, getMyProductsPage, updateProduct, removeProduct } from './products';
export {
  getWishlistPage,
  addToWishlist,
  removeFromWishlist,
  clearWishlist,
  getPriceAlert,
  setPriceAlert,
} from './wishlist';
export { uploadPhoto } from './uploads';
export { placeOrder, getOrders, getOrdersPage, getOrder, cancelOrder } from './orders';
export {
  getAuctions,
  getAuctionsPage,
  getAuction,
  createAuction,
  placeBid,
  getMyBidders,
  getMyBiddersPage,
  approveBidder,
  subscribeToAuction,
} from './auctions';
export {
  getNoticesPage,
  markNoticesSeen,
  getNoticePrefs,
  setNoticePrefs,
  getNoticeTicket,
  subscribeToNotices,
} from './notices';

export type {
  PageQuery,
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
  Notice,
  NoticeEvent,
  NoticePrefs,
} from '@marketplace/contract';
