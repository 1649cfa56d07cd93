import {
  AddToCartBody,
  AuthHeaders,
  CartHeaders,
  CartQuantityBody,
  CartReply,
  ClearCartBody,
  IdParams,
  RemoveFromCartBody,
} from '@marketplace/contract';
import { publicBase, type App } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { replies } from '../../lib/replies';
import { addCartLine, cartOf, clearCart, removeCartLine, setCartQuantity } from './repository';
import { CART_MESSAGES } from './rules';

/** The user always comes from the login token; a `userid` naming someone else is refused (403). */
export function cartRoutes(app: App) {
  const { db, config } = app.ctx;

  app.get(
    '/productviewcart',
    { schema: { headers: CartHeaders, response: replies(CartReply) }, config: { auth: { token: 'header' } } },
    async (req) => {
      const { user } = req;
      if (req.headers.userid !== undefined && req.headers.userid !== user.userid) throw forbidden('Unauthorized User');
      const items = await cartOf(db, user.userid, publicBase(config, req));
      return { status: 200, msg: items.length ? CART_MESSAGES.items : CART_MESSAGES.empty, data: items };
    },
  );

  /** Adds a line of 1 unit (409 out of stock); a product already in the cart keeps its line as it is. */
  app.post(
    '/addtocartproduct',
    { schema: { body: AddToCartBody, response: replies(CartReply) }, config: { auth: { token: 'body' } } },
    async (req) => {
      const { user } = req;
      const { productid } = req.body;
      const inserted = await addCartLine(db, user.userid, productid);
      const items = await cartOf(db, user.userid, publicBase(config, req));
      return { status: 200, msg: inserted ? CART_MESSAGES.added : CART_MESSAGES.already, data: items };
    },
  );

  /** The units of one line: 400 outside 1 to 10, 404 not in the cart, 409 above the stock (nothing changed). */
  app.put(
    '/cart/:id',
    {
      schema: { headers: AuthHeaders, params: IdParams, body: CartQuantityBody, response: replies(CartReply) },
      config: { auth: { token: 'header' } },
    },
    async (req) => {
      const { user } = req;
      await setCartQuantity(db, user.userid, req.params.id, req.body.quantity);
      const items = await cartOf(db, user.userid, publicBase(config, req));
      return { status: 200, msg: CART_MESSAGES.quantity, data: items };
    },
  );

  app.delete(
    '/deleteproduct',
    { schema: { body: RemoveFromCartBody, response: replies(CartReply) }, config: { auth: { token: 'body' } } },
    async (req) => {
      const { user } = req;
      if (req.body.userid !== undefined && req.body.userid !== user.userid) throw forbidden('Unauthorized User');
      if (!(await removeCartLine(db, user.userid, req.body.productid))) throw notFound(CART_MESSAGES.notIn);
      const items = await cartOf(db, user.userid, publicBase(config, req));
      return { status: 200, msg: CART_MESSAGES.removed, data: items };
    },
  );

  app.delete(
    '/deleteAllProducts',
    { schema: { body: ClearCartBody, response: replies(CartReply) }, config: { auth: { token: 'body' } } },
    async (req) => {
      await clearCart(db, req.user.userid);
      return { status: 200, msg: CART_MESSAGES.cleared, data: [] };
    },
  );
}
