import { http } from './http';
import { requireLoginToken } from './auth';
import type {
  AddReviewReply,
  Coupon,
  CouponCheckReply,
  CouponListReply,
  CreateProductReply,
  MessageReply,
  MyProductsPageReply,
  Product,
  PageQuery,
  Review,
  ReviewListReply,
  ReviewPageReply,
} from '../contract';
import { pageParams, type Page } from './paging';

/**
 * POST /checkcoupen: resolves the coupon's canonical name, its rupee discount and the message
 * ('Coupon Applied Successfully'). Checking never uses the coupon up. Rejects ApiError 400:
 * 'Coupon is Expired' (expired), 'Coupon is Expired: it has no uses left', 'Coupon not found'.
 */
export async function checkCoupon(couponname: string): Promise<{ couponname: string; discount: number; msg: string }> {
  const authtoken = requireLoginToken();
  const res = await http.post<CouponCheckReply>('/checkcoupen', { couponname, authtoken });
  return { ...res.data.data, msg: res.data.msg };
}

/** GET /coupons: the currently valid coupons (not expired, uses left), soonest expiry first. No login needed. */
export async function getCoupons(): Promise<Coupon[]> {
  const res = await http.get<CouponListReply>('/coupons');
  return res.data.data;
}

/** @deprecated The API answers one page: use getReviewsPage. The newest reviews. */
export async function getReviews(): Promise<Review[]> {
  const res = await http.get<ReviewListReply>('/getreviews');
  return res.data.data;
}

/** GET /getreviews: a page of reviews, newest first (20 by default, at most 100). No login needed. Render texts as text (they may hold markup). */
export async function getReviewsPage(page?: PageQuery): Promise<Page<Review>> {
  const res = await http.get<ReviewPageReply>('/getreviews', { params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}

/**
 * POST /addreview. Resolves the server's message ('Review Added Successfully'). Rejects 400 with
 * the spec's message of the first empty field ('Please Enter Name ', ... 'Please Select  Date '), 401.
 */
export async function addReview(r: { name: string; title: string; description: string; keywords: string; date: string }): Promise<{ msg: string }> {
  const authtoken = requireLoginToken();
  const res = await http.post<AddReviewReply>('/addreview', { ...r, authtoken });
  return { msg: res.data.msg };
}

/**
 * POST /product (header authtoken): lists a product for sale; the seller is the signed-in user.
 * `photos`: URLs from uploadPhoto (at least one). Resolves the new product. Rejects 400 with the
 * spec's messages ('Please Enter Product Name', 'Please Enter Title', 'Please Enter Description',
 * 'Please Enter Price', 'Please Enter Rating') or 'Please upload at least one PNG photo', 401.
 */
export async function createProduct(p: {
  productname: string;
  title: string;
  description: string;
  price: number;
  rating: number;
  location: string;
  photos: string[];
}): Promise<Product> {
  const authtoken = requireLoginToken();
  const res = await http.post<CreateProductReply>('/product', p, { headers: { authtoken } });
  return res.data.data;
}

/** GET /myproducts (header authtoken): a page of the signed-in seller's listings, newest first. */
export async function getMyProductsPage(page?: PageQuery): Promise<Page<Product>> {
  const authtoken = requireLoginToken();
  const res = await http.get<MyProductsPageReply>('/myproducts', { headers: { authtoken }, params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}

/**
 * PUT /product/{id} (header authtoken): the seller's edit, with Add Product's fields, rules and
 * messages; resolves the product as stored ('Product Updated Successfully'). 403 another seller's
 * product ('You can only change your own products'), 404 unknown. A lower price mails its watchers.
 */
export async function updateProduct(
  productid: number,
  p: { productname: string; title: string; description: string; price: number; rating: number; location: string; photos: string[] },
): Promise<Product> {
  const authtoken = requireLoginToken();
  const res = await http.put<CreateProductReply>(`/product/${encodeURIComponent(String(productid))}`, p, { headers: { authtoken } });
  return res.data.data;
}

/** DELETE /product/{id} (header authtoken): takes the seller's listing down ('Product Removed Successfully'); 403 / 404 as updateProduct. */
export async function removeProduct(productid: number): Promise<{ msg: string }> {
  const authtoken = requireLoginToken();
  const res = await http.delete<MessageReply>(`/product/${encodeURIComponent(String(productid))}`, { headers: { authtoken } });
  return { msg: res.data.msg };
}
