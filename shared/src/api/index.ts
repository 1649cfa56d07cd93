export { http, ApiError, apiBaseUrl, toApiError } from './http';
export type { HttpClient, HttpReply, QueryParams, RequestOptions } from './http';
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
export { getCartItems, addToCart, removeFromCart, clearCart, setCartQuantity } from './cart';
export { checkCoupon, getCoupons } from './coupons';
export { getReviews, getReviewsPage, addReview } from './reviews';
export { createProduct, getMyProduct, getMyProductsPage, updateProduct, removeProduct } from './products';
export {
  getWishlistPage,
  addToWishlist,
  removeFromWishlist,
  clearWishlist,
  getPriceAlert,
  setPriceAlert,
  getStockAlert,
  setStockAlert,
} from './wishlist';
export { uploadPhoto } from './uploads';
export { placeOrder, getOrders, getOrdersPage, getOrder, cancelOrder, payAuctionOrder } from './orders';
export { getSalesPage, markShipped, markDelivered, type SaleChange } from './sales';
export {
  getAuctions,
  getAuctionsPage,
  getAuction,
  createAuction,
  placeBid,
  getMyBidders,
  getMyBiddersPage,
  approveBidder,
  buyItNow,
  subscribeToAuction,
} from './auctions';
export {
  watchAuction,
  unwatchAuction,
  getWatchedAmong,
  getWatchingPage,
  getMyBidsPage,
  getSellingPage,
  type WatchChange,
} from './auction-lists';
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
  Shipment,
  Sale,
  MarkShippedBody,
  PayAuctionOrderBody,
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
  WatchedItem,
  MyBidRow,
  MyBidState,
  SellingRow,
  SellingState,
  Notice,
  NoticeEvent,
  NoticePrefs,
} from '@marketplace/contract';
