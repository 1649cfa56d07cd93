import { type ReactElement } from 'react';
import { LOW_STOCK, stockLabel } from '@marketplace/shared';
import styles from './StockLabel.module.css';

/**
 * What a product page or card says about its stock, from the product's `left` (absent: plenty):
 * "In stock", "Only N left" (N at most LOW_STOCK) or "Out of stock".
 */
export function StockLabel({ left, className }: { left: number | undefined; className?: string }): ReactElement {
  const state = left === undefined || left > LOW_STOCK ? 'in' : left <= 0 ? 'out' : 'low';
  return (
    <p className={[styles.stock, styles[state], className].filter(Boolean).join(' ')} data-stock={state}>
      {stockLabel(left)}
    </p>
  );
}

/** Whether a product can be added to a cart now. */
export const isOutOfStock = (product: { left?: number }): boolean => product.left !== undefined && product.left <= 0;
