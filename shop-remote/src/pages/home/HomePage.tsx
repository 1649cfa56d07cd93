import { useState, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  atomStyles,
  getTrendingProducts,
  LoadFailed,
  Loading,
  useIsSignedIn,
  usePageMeta,
  useResource,
  type PageMeta,
  type Product,
  linkTo,
} from '@marketplace/shared';
import { BellIcon, CartIcon, EyeIcon, HeartIcon } from '../../components/Icons';
import { isOutOfStock } from '../../components/StockLabel';
import {
  CardActionButton,
  CardActionLink,
  ProductCard,
  ProductGrid,
  ProductGridItem,
  SavedMark,
} from '../../components/ProductCard';
import { togglePriceAlert, usePriceAlert } from '../../lib/priceAlerts';
import { toggleWishlist, useWishlistHeart, useWishlistSync } from '../../lib/wishlist';
import ui from '../../styles/ui.module.css';
import { DealOfTheDay } from './DealOfTheDay';
import { HeroCarousel } from './HeroCarousel';
import { QuickView } from './QuickView';
import { BlogTeaser, PromoTiles, ServiceHighlights } from './StaticSections';
import styles from './HomePage.module.css';

/** The heart over a card: a toggle for a signed-in shopper, a way to sign in (and back to the product) for a visitor. */
function WishlistAction({ product, signedIn }: { product: Product; signedIn: boolean }): ReactElement {
  const { pressed, busy } = useWishlistHeart(product.productid);
  const label = `Add to wishlist: ${product.productname}`;
  if (!signedIn)
    return (
      <CardActionLink
        label={label}
        icon={<HeartIcon size={18} />}
        to={linkTo('login', { next: linkTo('productDetails', { id: product.productid }) })}
      />
    );
  return (
    <CardActionButton
      label={label}
      icon={<HeartIcon size={18} />}
      pressed={pressed}
      busy={busy}
      onClick={() => void toggleWishlist(product.productid)}
    />
  );
}

/** The bell over a card: records a price-drop alert (pressing it again removes it); a visitor signs in first. */
function PriceAlertAction({ product, signedIn }: { product: Product; signedIn: boolean }): ReactElement {
  const { pressed, busy } = usePriceAlert(product.productid);
  const label = `Email me when the price drops: ${product.productname}`;
  if (!signedIn)
    return (
      <CardActionLink
        label={label}
        icon={<BellIcon size={18} />}
        to={linkTo('login', { next: linkTo('productDetails', { id: product.productid }) })}
      />
    );
  return (
    <CardActionButton
      label={label}
      icon={<BellIcon size={18} />}
      pressed={pressed}
      busy={busy}
      onClick={() => void togglePriceAlert(product.productid)}
    />
  );
}

function TrendingActions({
  product,
  signedIn,
  onQuickView,
}: {
  product: Product;
  signedIn: boolean;
  onQuickView: () => void;
}): ReactElement {
  const name = product.productname;
  return (
    <>
      <CardActionButton label={`Quick view: ${name}`} icon={<EyeIcon size={18} />} onClick={onQuickView} />
      {isOutOfStock(product) ? (
        <CardActionButton
          label={`Add to cart: ${name} (out of stock)`}
          icon={<CartIcon size={18} />}
          onClick={() => undefined}
          disabled
        />
      ) : (
        <CardActionLink
          label={`Add to cart: ${name}`}
          icon={<CartIcon size={18} />}
          to={
            signedIn
              ? linkTo('addToCart', { id: product.productid })
              : linkTo('login', { next: linkTo('addToCart', { id: product.productid }) })
          }
        />
      )}
      <WishlistAction product={product} signedIn={signedIn} />
      <PriceAlertAction product={product} signedIn={signedIn} />
    </>
  );
}

/** The wishlist mark on a card whose product is in the wishlist. */
function SavedBadge({ productid }: { productid: number }): ReactElement | null {
  const { pressed } = useWishlistHeart(productid);
  return pressed ? <SavedMark icon={<HeartIcon size={16} />} /> : null;
}

/** Cards in the grid's widest row: the first row is in view under the hero, so its photos load at once. */
const GRID_ROW = 4;

/** The home page's title and description (the same whatever is trending); its path from the live link table. */
const homeMeta = (): PageMeta => ({
  title: 'Electronics, accessories and clothing',
  description:
    'Shop electronics, accessories and clothing with prices in rupees, see what is trending this week, and bid on paintings, coins and sports items in our auctions.',
  path: linkTo('home'),
});

/**
 * `/`: hero offers, TOP TRENDING (the few products most ordered and added to carts this week, then
 * the newest: never the whole catalogue, which is /newarrival's, behind Load More), Deal of the Day,
 * promos, services, blog.
 */
export function HomePage(): ReactElement {
  const trending = useResource(() => getTrendingProducts(), [], { key: 'products:trending' });
  const signedIn = useIsSignedIn();
  const [quickView, setQuickView] = useState<Product | null>(null);
  useWishlistSync();
  usePageMeta(homeMeta());

  return (
    <div className={ui.page}>
      <h1 className={atomStyles.visuallyHidden}>Marketplace: electronics, accessories and clothing</h1>
      <HeroCarousel />

      <section aria-labelledby="top-trending" aria-busy={trending.status === 'loading'}>
        <div className={ui.sectionHead}>
          <div>
            <h2 id="top-trending" className={ui.sectionTitle}>
              TOP TRENDING
            </h2>
          </div>
        </div>

        {trending.status === 'loading' && <Loading label="Loading products" minHeight="70vh" />}
        {trending.status === 'failed' && <LoadFailed onRetry={trending.retry} buttonClassName={ui.buttonOutline} />}
        {trending.status === 'ready' && (
          <>
            {trending.data.length === 0 ? (
              <p className={styles.empty}>No products yet. New arrivals appear here as soon as they are listed.</p>
            ) : (
              <ProductGrid label="Top trending products">
                {trending.data.map((product, index) => (
                  <ProductGridItem key={product.productid}>
                    <ProductCard
                      product={product}
                      lazy={index >= GRID_ROW}
                      priority={index === 0}
                      badge={signedIn && <SavedBadge productid={product.productid} />}
                      overlay={
                        <TrendingActions
                          product={product}
                          signedIn={signedIn}
                          onQuickView={() => setQuickView(product)}
                        />
                      }
                    />
                  </ProductGridItem>
                ))}
              </ProductGrid>
            )}
          </>
        )}
        <div className={styles.loadMore}>
          <Link className={ui.button} to={linkTo('newArrivals')}>
            Load More
          </Link>
        </div>
      </section>

      <DealOfTheDay />
      <PromoTiles />
      <ServiceHighlights />
      <BlogTeaser />

      {quickView && <QuickView product={quickView} signedIn={signedIn} onClose={() => setQuickView(null)} />}
    </div>
  );
}
