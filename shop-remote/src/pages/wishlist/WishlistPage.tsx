import { useState, type ComponentType, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { Breadcrumb, Price } from '@marketplace/shared';
import { CartIcon, CloseIcon, EyeIcon } from '../../components/Icons';
import { NEW_ARRIVALS_PATH, searchPath } from '../../lib/productLinks';
import ui from '../../styles/ui.module.css';
import { AccessoriesArt, HeadphonesArt, MobileArt } from '../home/heroArt';
import styles from './WishlistPage.module.css';

interface SampleItem {
  id: number;
  name: string;
  category: string;
  price: number;
  stock: string;
  /** Where the shopper finds the item in the real catalogue. */
  search: string;
  theme: 'sunset' | 'indigo' | 'emerald';
  Art: ComponentType;
}

/** The spec's wishlist is static sample content. */
export const SAMPLE_WISHLIST: readonly SampleItem[] = [
  { id: 1, name: 'Smart Watch Series 5', category: 'Accessories', price: 2499, stock: 'In Stock', search: 'watch', theme: 'sunset', Art: AccessoriesArt },
  { id: 2, name: 'Wireless Headphones', category: 'Electronics', price: 2999, stock: 'In Stock', search: 'headphones', theme: 'indigo', Art: HeadphonesArt },
  { id: 3, name: 'Smartphone 128 GB', category: 'Mobiles', price: 12999, stock: 'Few left', search: 'phone', theme: 'emerald', Art: MobileArt },
];

/** `/wishlist`: sample items; REMOVE and CLEAR WISHLIST work on this page only (nothing is stored). */
export function WishlistPage(): ReactElement {
  const [items, setItems] = useState<readonly SampleItem[]>(SAMPLE_WISHLIST);

  return (
    <div className={ui.page}>
      <Breadcrumb page="Wishlist" />
      <div className={styles.top}>
        <h1 className={styles.title}>
          My Wishlist <span className={styles.count}>({items.length})</span>
        </h1>
        {items.length > 0 && (
          <button type="button" className={ui.buttonOutline} onClick={() => setItems([])}>
            CLEAR WISHLIST
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <section className={styles.empty}>
          <p>Your wishlist is empty.</p>
          <Link className={ui.button} to={NEW_ARRIVALS_PATH}>
            Browse new arrivals
          </Link>
        </section>
      ) : (
        <ul className={styles.list} aria-label="Wishlist items">
          {items.map(({ id, name, category, price, stock, search, theme, Art }) => (
            <li key={id} className={styles.item}>
              <div className={`${styles.art} ${styles[theme]}`}>
                <Art />
              </div>
              <div className={styles.info}>
                <p className={styles.category}>{category}</p>
                <h2 className={styles.name}>{name}</h2>
                <Price value={price} className={styles.price} />
                <p className={styles.stock}>{stock}</p>
              </div>
              <div className={styles.actions}>
                <Link className={ui.button} to={searchPath(search)} aria-label={`ADD TO CART: ${name}`}>
                  <CartIcon size={18} />
                  ADD TO CART
                </Link>
                <Link className={ui.buttonOutline} to={searchPath(search)} aria-label={`VIEW: ${name}`}>
                  <EyeIcon size={18} />
                  VIEW
                </Link>
                <button type="button" className={styles.remove} onClick={() => setItems((list) => list.filter((i) => i.id !== id))} aria-label={`REMOVE: ${name}`}>
                  <CloseIcon size={16} />
                  REMOVE
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
