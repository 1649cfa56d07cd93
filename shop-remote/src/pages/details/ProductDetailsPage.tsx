import { useEffect, type ReactElement } from 'react';
import { Link, useParams } from '@marketplace/shared/router';
import {
  ApiError,
  atomStyles,
  Breadcrumb,
  breadcrumbJsonLd,
  formatPrice,
  getProduct,
  LoadFailed,
  Loading,
  parseId,
  Price,
  productJsonLd,
  searchProducts,
  StarRating,
  useIsSignedIn,
  usePageMeta,
  useResource,
  useSiteOrigin,
  type PageMeta,
  type Product,
  linkTo,
} from '@marketplace/shared';
import { BellIcon, CartIcon, HeartIcon } from '../../components/Icons';
import { ProductCard, ProductGrid, ProductGridItem } from '../../components/ProductCard';
import { ProductPhoto } from '../../components/ProductPhoto';
import { isOutOfStock, StockLabel } from '../../components/StockLabel';
import { togglePriceAlert, usePriceAlert } from '../../lib/priceAlerts';
import { toggleStockAlert, useStockAlert } from '../../lib/stockAlerts';
import { toggleWishlist, useWishlistHeart, useWishlistSync } from '../../lib/wishlist';
import ui from '../../styles/ui.module.css';
import styles from './ProductDetailsPage.module.css';

/** The spec's struck-through "was" price: static marketing, shown 20% above the real price. */
export function listPrice(price: number): number {
  return Math.ceil(price / 0.8);
}

/** Tags: the category and the main words of the name, each a search link. */
export function tagsOf(product: Product): string[] {
  const words = product.productname.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2 && !/^\d+$/.test(w));
  const seen = new Set<string>();
  return [product.title, ...words]
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 5);
}

export const RELATED_COUNT = 4;

/** A few other products (each once), the same category first. */
export function relatedTo(product: Product, candidates: readonly Product[], count = RELATED_COUNT): Product[] {
  const seen = new Set([product.productid]);
  const others = candidates.filter((p) => {
    if (seen.has(p.productid)) return false;
    seen.add(p.productid);
    return true;
  });
  const same = others.filter((p) => p.title.toLowerCase() === product.title.toLowerCase());
  const rest = others.filter((p) => p.title.toLowerCase() !== product.title.toLowerCase());
  return [...same, ...rest].slice(0, count);
}

/**
 * Related products from two bounded searches: the newest of the same category (one more than
 * shown, as the product itself may be among them), and only when they are too few, the newest
 * of the catalogue to fill up.
 */
export async function loadRelated(product: Product): Promise<Product[]> {
  const sameCategory = await searchProducts({ productname: '', category: product.title, limit: RELATED_COUNT + 1 });
  const related = relatedTo(product, sameCategory.products);
  if (related.length >= RELATED_COUNT) return related;
  const newest = await searchProducts({ productname: '', limit: 2 * RELATED_COUNT });
  return relatedTo(product, [...sameCategory.products, ...newest.products]);
}

function Related({ product }: { product: Product }): ReactElement | null {
  const found = useResource(() => loadRelated(product), [product.productid], {
    key: `products:related:${product.productid}`,
  });
  // Keep the room the related cards will take while they load, so the footer does not jump.
  if (found.status === 'loading') return <div className={styles.relatedPlaceholder} aria-hidden="true" />;
  if (found.status !== 'ready') return null;
  const related = found.data;
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-products" className={styles.related}>
      <div className={ui.sectionHead}>
        <h2 id="related-products" className={ui.sectionTitle}>
          Related Products
        </h2>
      </div>
      <ProductGrid label="Related products">
        {related.map((p) => (
          <ProductGridItem key={p.productid}>
            <ProductCard product={p} />
          </ProductGridItem>
        ))}
      </ProductGrid>
    </section>
  );
}

function ProductNotFound(): ReactElement {
  return (
    <section className={styles.notFound} aria-labelledby="product-not-found">
      <h1 id="product-not-found">Product not found</h1>
      <p>We could not find this product. It may have been removed, or the link may be wrong.</p>
      <Link className={ui.button} to={linkTo('newArrivals')}>
        Browse new arrivals
      </Link>
    </section>
  );
}

/**
 * 'Add to Wishlist': for a signed-in shopper a toggle (aria-pressed) over their wishlist; a visitor
 * signs in first and comes back to this product.
 */
function WishlistToggle({ productid }: { productid: number }): ReactElement {
  const signedIn = useIsSignedIn();
  const { pressed, busy } = useWishlistHeart(productid);
  if (!signedIn) {
    return (
      <Link className={ui.buttonOutline} to={linkTo('login', { next: linkTo('productDetails', { id: productid }) })}>
        <HeartIcon size={18} />
        Add to Wishlist
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={`${ui.buttonOutline} ${styles.toggle}`}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      onClick={() => void toggleWishlist(productid)}
      title={pressed ? 'In your wishlist: press to remove it' : undefined}
    >
      <HeartIcon size={18} />
      Add to Wishlist
    </button>
  );
}

/**
 * A per-product request the signed-in shopper keeps on the server (the price-drop alert, "Tell
 * me when it's back"): a toggle (aria-pressed) read from the server once per view; pressing it
 * again withdraws it. A visitor signs in first and comes back to this product.
 */
function ServerToggle({
  productid,
  label,
  className,
  pressedTitle,
  useRequest,
  toggle,
}: {
  productid: number;
  label: string;
  className: string;
  pressedTitle: string;
  useRequest: typeof usePriceAlert;
  toggle: (productid: number) => Promise<void>;
}): ReactElement {
  const signedIn = useIsSignedIn();
  const { pressed, known, busy } = useRequest(productid, { check: signedIn });
  if (!signedIn) {
    return (
      <Link className={className} to={linkTo('login', { next: linkTo('productDetails', { id: productid }) })}>
        <BellIcon size={18} />
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={`${className} ${styles.toggle}`}
      aria-pressed={pressed}
      aria-busy={busy || !known || undefined}
      disabled={!known}
      onClick={() => void toggle(productid)}
      title={pressed ? pressedTitle : undefined}
    >
      <BellIcon size={18} />
      {label}
    </button>
  );
}

/** 'Email me when the price drops'. */
function PriceAlertToggle({ productid }: { productid: number }): ReactElement {
  return (
    <ServerToggle
      productid={productid}
      label="Email me when the price drops"
      className={ui.buttonOutline}
      pressedTitle="We will email you when the price drops: press to stop"
      useRequest={usePriceAlert}
      toggle={togglePriceAlert}
    />
  );
}

/** "Tell me when it's back", in Add to Cart's place while the product is out of stock (one mail when it is back, then the request is gone). */
export function StockAlertToggle({ productid }: { productid: number }): ReactElement {
  return (
    <ServerToggle
      productid={productid}
      label="Tell me when it's back"
      className={`${ui.button} ${styles.addToCart}`}
      pressedTitle="We will email you when it's back: press to cancel"
      useRequest={useStockAlert}
      toggle={toggleStockAlert}
    />
  );
}

function Details({ product }: { product: Product }): ReactElement {
  const was = listPrice(product.price);
  const saving = Math.round(((was - product.price) / was) * 100);
  return (
    <>
      <article className={styles.product}>
        <div className={styles.gallery}>
          <ProductPhoto
            photo={product.photo}
            sources={product.photoSources}
            sizes="(min-width: 1240px) 580px, (min-width: 820px) 48vw, 100vw"
            alt={product.productname}
            lazy={false}
            priority
            size={600}
          />
        </div>
        <div className={styles.info}>
          <p className={styles.category}>{product.title}</p>
          <h1 className={styles.name}>{product.productname}</h1>
          <div className={styles.rating}>
            <StarRating value={product.rating} />
            <span>{Math.round(product.rating)} out of 5</span>
          </div>
          <div className={styles.priceRow}>
            <Price value={product.price} className={styles.price} />
            <del className={styles.was}>
              <span className={atomStyles.visuallyHidden}>Was </span>
              {formatPrice(was)}
            </del>
            {saving > 0 && <span className={styles.badge}>Save {saving}%</span>}
          </div>
          <StockLabel left={product.left} className={styles.stock} />
          <p className={styles.description}>{product.description}</p>
          <ul className={styles.facts}>
            {product.location && <li>Ships from {product.location}</li>}
            <li>Free shipping on items of Rs.500 and above</li>
          </ul>
          <div className={styles.actions}>
            {isOutOfStock(product) ? (
              <StockAlertToggle productid={product.productid} />
            ) : (
              <Link className={`${ui.button} ${styles.addToCart}`} to={linkTo('addToCart', { id: product.productid })}>
                <CartIcon size={18} />
                Add to Cart
              </Link>
            )}
            <WishlistToggle productid={product.productid} />
            <PriceAlertToggle productid={product.productid} />
          </div>
          <div className={styles.tags}>
            <span className={styles.tagsLabel}>Tags:</span>
            <ul>
              {tagsOf(product).map((tag) => (
                <li key={tag}>
                  <Link className={styles.tag} to={linkTo('search', { searchKey: tag })}>
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </article>
      <Related product={product} />
    </>
  );
}

/**
 * The product page's title, share preview and structured data: its name, 'Rs. {price}' and its
 * description, its first photo, the Product with its offer, and the trail Home › category › product.
 */
export function productMeta(product: Product, origin: string): PageMeta {
  const path = linkTo('productDetails', { id: product.productid });
  return {
    title: product.productname,
    description: `${formatPrice(product.price)}. ${product.description}`,
    path,
    image: product.photo,
    type: 'product',
    properties: { 'product:price:amount': String(product.price), 'product:price:currency': 'INR' },
    jsonLd: [
      // The catalogue keeps one rating per product (the one its stars show); the offer is in
      // stock unless the product says none are left.
      productJsonLd(product, { origin, ratingCount: 1, available: !isOutOfStock(product) }),
      breadcrumbJsonLd(
        [
          { name: 'Home', path: linkTo('home') },
          ...(product.title ? [{ name: product.title, path: linkTo('search', { searchKey: product.title }) }] : []),
          { name: product.productname, path },
        ],
        { origin },
      ),
    ],
  };
}

const PRODUCT_NOT_FOUND_META: PageMeta = { title: 'Product not found', noindex: true, status: 404 };

/** `/productdetails/{id}`. */
export function ProductDetailsPage(): ReactElement {
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  useWishlistSync();
  const product = useResource(
    () => (id === null ? Promise.reject(new ApiError(404, 'Product not found')) : getProduct(id)),
    [id],
    { key: `product:${id}` },
  );

  useEffect(() => {
    // Opening another product from "Related Products" starts at the top of the page.
    document.documentElement.scrollTop = 0;
  }, [id]);

  const notFound =
    product.status === 'failed' &&
    product.error instanceof ApiError &&
    (product.error.status === 404 || product.error.status === 400);
  const origin = useSiteOrigin();
  usePageMeta(
    product.status === 'ready' ? productMeta(product.data, origin) : notFound ? PRODUCT_NOT_FOUND_META : null,
  );

  return (
    <div className={ui.page}>
      <Breadcrumb page="Product Details" />
      {product.status === 'loading' && <Loading label="Loading product" minHeight="100vh" />}
      {notFound && <ProductNotFound />}
      {product.status === 'failed' && !notFound && (
        <LoadFailed onRetry={product.retry} buttonClassName={ui.buttonOutline} />
      )}
      {product.status === 'ready' && <Details product={product.data} />}
    </div>
  );
}
