import { Type, type Static } from 'typebox';
import { Envelope, positiveId } from './common';
import { CART_LINE_MAX, STOCK_MESSAGES } from './rules';
import { PhotoSources } from './uploads';

/** The login token in a JSON body (the spec's cart calls send it there). */
const bodyToken = Type.String({ minLength: 1, maxLength: 200, errorMessage: 'Please login first (authtoken missing)' });

/** One line of the signed-in user's cart. */
export const CartItem = Type.Object({
  productid: Type.Integer(),
  productname: Type.String(),
  title: Type.String(),
  price: Type.Number(),
  photo: Type.String(),
  /** WebP and AVIF copies of `photo` (see PhotoSources); absent while there are none. */
  photoSources: Type.Optional(PhotoSources),
  /** Units of the product on this line: 1 to CART_LINE_MAX. */
  quantity: Type.Integer(),
  /** The most units this line may hold now: the units in stock, at most CART_LINE_MAX (0: out of stock). */
  max: Type.Integer(),
});
export type CartItem = Static<typeof CartItem>;

/** GET /productviewcart: an empty cart is an empty list. */
export const CartReply = Envelope(Type.Array(CartItem));
export type CartReply = Static<typeof CartReply>;

export const CartHeaders = Type.Object({
  authtoken: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: 'Please login first (authtoken header missing)',
  }),
  /** Optional and never trusted: when sent, it must be the token's own user (else 403). */
  userid: Type.Optional(positiveId('userid header')),
});
export type CartHeaders = Static<typeof CartHeaders>;

/**
 * POST /addtocartproduct: a line of 1 unit (409 when the product is out of stock). Adding a
 * product already in the cart keeps its line as it is (its quantity changes with PUT /cart/{id}).
 */
export const AddToCartBody = Type.Object({
  productid: positiveId('productid'),
  authtoken: bodyToken,
});
export type AddToCartBody = Static<typeof AddToCartBody>;

/** DELETE /deleteproduct. `userid` is optional and never trusted: when sent it must be the caller's own id (else 403). */
export const RemoveFromCartBody = Type.Object({
  productid: positiveId('productid'),
  authtoken: bodyToken,
  userid: Type.Optional(positiveId('userid')),
});
export type RemoveFromCartBody = Static<typeof RemoveFromCartBody>;

/** DELETE /deleteAllProducts. */
export const ClearCartBody = Type.Object({ authtoken: bodyToken });
export type ClearCartBody = Static<typeof ClearCartBody>;

/**
 * PUT /cart/{productid} (header authtoken): sets the units of the caller's line of that product.
 * 400 outside 1 to CART_LINE_MAX, 404 when the product is not in the cart, 409 above the units in
 * stock; nothing changes then. Replies the cart.
 */
export const CartQuantityBody = Type.Object({
  quantity: Type.Integer({ minimum: 1, maximum: CART_LINE_MAX, errorMessage: STOCK_MESSAGES.quantity }),
});
export type CartQuantityBody = Static<typeof CartQuantityBody>;
