import { CartHeaders, CartReply } from '@marketplace/shared/contract';
import { imageUrl, publicBase, type App } from '../context';
import { requireUser } from '../lib/auth';
import { forbidden } from '../lib/errors';
import { replies } from './common';

export function cartRoutes(app: App) {
  const { db, config } = app.ctx;

  /** The caller's cart. The user comes from the token; a `userid` header naming someone else is refused. */
  app.get('/productviewcart', { schema: { headers: CartHeaders, response: replies(CartReply) } }, async (req) => {
    const user = await requireUser(db, req.headers.authtoken);
    if (req.headers.userid !== undefined && req.headers.userid !== user.userid) throw forbidden('Unauthorized User');
    const rows = await db
      .selectFrom('cart_items')
      .innerJoin('products', 'products.productid', 'cart_items.productid')
      .select(['products.productid', 'products.productname', 'products.title', 'products.price', 'products.photo_hash'])
      .where('cart_items.userid', '=', user.userid)
      .orderBy('cart_items.cartid', 'asc')
      .execute();
    const base = publicBase(config, req);
    return {
      status: 200,
      msg: rows.length ? 'Cart items' : 'Your cart is empty',
      data: rows.map((r) => ({
        productid: r.productid,
        productname: r.productname,
        title: r.title,
        price: Number(r.price),
        photo: imageUrl(base, r.photo_hash),
      })),
    };
  });
}
