import { Type, type Static } from 'typebox';
import { Envelope, positiveId } from './common';

/** The login token in a JSON body (the spec's cart calls send it there). */
const bodyToken = Type.String({ minLength: 1, maxLength: 200, errorMessage: 'Please login first (authtoken missing)' });

/** One line of the signed-in user's cart. */
export const CartItem = Type.Object({
  productid: Type.Integer(),
  productname: Type.String(),
  title: Type.String(),
  price: Type.Number(),
  photo: Type.String(),
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

/** POST /addtocartproduct. Adding a product already in the cart keeps one line (quantity is always 1). */
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
