import { type ReactElement, type ReactNode, type Ref } from 'react';
import { Link } from '@marketplace/shared/router';
import { Price, StarRating, type Product, linkTo } from '@marketplace/shared';
import { ProductPhoto } from './ProductPhoto';
import { StockLabel } from './StockLabel';
import styles from './ProductCard.module.css';

interface Props {
  product: Product;
  /** Heading level of the product name inside its section. */
  headingLevel?: 'h2' | 'h3';
  layout?: 'grid' | 'list';
  lazy?: boolean;
  /** The page's most prominent photo (its largest paint): fetched before the others. */
  priority?: boolean;
  /** Icon actions revealed over the photo on hover or keyboard focus. */
  overlay?: ReactNode;
  /** Shown over the photo at all times (e.g. the wishlist mark). */
  badge?: ReactNode;
  /** Extra content under the price (e.g. an Add to Cart link). */
  footer?: ReactNode;
}

/**
 * One product: photo, category (title), name, read-only stars, 'Rs. {price}' and its stock
 * ("In stock", "Only N left", "Out of stock").
 * The whole card opens /productdetails/{id} through the name link (stretched over the card),
 * so there is one link per product for screen readers and keyboard users.
 */
export function ProductCard({
  product,
  headingLevel = 'h3',
  layout = 'grid',
  lazy = true,
  priority = false,
  overlay,
  badge,
  footer,
}: Props): ReactElement {
  const Heading = headingLevel;
  return (
    <article className={[styles.card, layout === 'list' ? styles.list : ''].filter(Boolean).join(' ')}>
      <div className={styles.media}>
        <ProductPhoto
          photo={product.photo}
          sources={product.photoSources}
          alt={product.productname}
          lazy={lazy}
          priority={priority}
          className={styles.photo}
        />
        {badge}
        {overlay && <div className={styles.overlay}>{overlay}</div>}
      </div>
      <div className={styles.body}>
        <p className={styles.category}>{product.title}</p>
        <Heading className={styles.name}>
          <Link className={styles.nameLink} to={linkTo('productDetails', { id: product.productid })}>
            {product.productname}
          </Link>
        </Heading>
        <StarRating value={product.rating} />
        {layout === 'list' && <p className={styles.description}>{product.description}</p>}
        <Price value={product.price} className={styles.price} />
        <StockLabel left={product.left} />
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </article>
  );
}

/**
 * A responsive grid of cards sized by the space it gets (container queries): 2 columns when
 * narrow, 3 when medium, 4 when wide; or one card per row in the list layout.
 */
export function ProductGrid({
  children,
  layout = 'grid',
  label,
}: {
  children: ReactNode;
  layout?: 'grid' | 'list';
  label?: string;
}): ReactElement {
  return (
    <div className={styles.gridWrap}>
      <div className={layout === 'list' ? styles.listStack : styles.grid} role="list" aria-label={label}>
        {children}
      </div>
    </div>
  );
}

export function ProductGridItem({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }): ReactElement {
  return (
    <div role="listitem" className={styles.gridItem} ref={ref}>
      {children}
    </div>
  );
}

interface ActionProps {
  label: string;
  icon: ReactNode;
}

/** A round icon action over a card's photo that navigates. */
export function CardActionLink({ to, label, icon }: ActionProps & { to: string }): ReactElement {
  return (
    <Link className={styles.action} to={to} aria-label={label} title={label}>
      {icon}
    </Link>
  );
}

/**
 * A round icon action over a card's photo that does something in place. `pressed` makes it a
 * toggle (aria-pressed: the heart, the price-drop bell); `busy` while its answer is awaited;
 * `disabled` when it cannot be done (Add to Cart of a product out of stock).
 */
export function CardActionButton({
  onClick,
  label,
  icon,
  pressed,
  busy = false,
  disabled = false,
}: ActionProps & { onClick: () => void; pressed?: boolean; busy?: boolean; disabled?: boolean }): ReactElement {
  return (
    <button
      type="button"
      className={styles.action}
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      disabled={disabled}
    >
      {icon}
    </button>
  );
}

/** A small mark on a card's photo for a product in the wishlist (the heart's aria-pressed says it to screen readers). */
export function SavedMark({ icon }: { icon: ReactNode }): ReactElement {
  return (
    <span className={styles.saved} aria-hidden="true" title="In your wishlist">
      {icon}
    </span>
  );
}
