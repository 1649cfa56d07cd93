import { type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { Price, StarRating, type Product, linkTo } from '@marketplace/shared';
import { Modal } from '../../components/Modal';
import { ProductPhoto } from '../../components/ProductPhoto';
import { isOutOfStock, StockLabel } from '../../components/StockLabel';
import ui from '../../styles/ui.module.css';
import styles from './QuickView.module.css';

/** Quick view of one product from the TOP TRENDING grid. */
export function QuickView({
  product,
  signedIn,
  onClose,
}: {
  product: Product;
  signedIn: boolean;
  onClose: () => void;
}): ReactElement {
  return (
    <Modal title="Quick view" onClose={onClose}>
      <div className={styles.layout}>
        <ProductPhoto
          photo={product.photo}
          sources={product.photoSources}
          sizes="(min-width: 600px) 380px, 100vw"
          alt={product.productname}
          lazy={false}
        />
        <div className={styles.info}>
          <p className={styles.category}>{product.title}</p>
          <h3 className={styles.name}>{product.productname}</h3>
          <StarRating value={product.rating} />
          <Price value={product.price} className={styles.price} />
          <StockLabel left={product.left} />
          <p className={styles.description}>{product.description}</p>
          <div className={styles.actions}>
            {isOutOfStock(product) ? (
              <button type="button" className={ui.button} disabled>
                Add to Cart
              </button>
            ) : (
              <Link
                className={ui.button}
                to={
                  signedIn
                    ? linkTo('addToCart', { id: product.productid })
                    : linkTo('login', { next: linkTo('addToCart', { id: product.productid }) })
                }
              >
                Add to Cart
              </Link>
            )}
            <Link className={ui.buttonOutline} to={linkTo('productDetails', { id: product.productid })}>
              View details
            </Link>
          </div>
        </div>
      </div>
    </Modal>
  );
}
