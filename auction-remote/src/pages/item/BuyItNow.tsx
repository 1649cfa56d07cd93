import { useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from '@marketplace/shared/router';
import {
  buyItNow,
  formatPrice,
  messageOf,
  notify,
  useIsSignedIn,
  type AuctionItem,
  linkTo,
  safeReturnPath,
} from '@marketplace/shared';
import ui from '../../styles/ui.module.css';
import styles from './AuctionProductPage.module.css';

/**
 * 'Buy It Now Rs. X' while the item offers it: asked first, then POST /auctionbuynow; the
 * server's message as a toast. A signed-out visitor is sent to /login first.
 */
export function BuyItNow({
  item,
  onBought,
}: {
  item: AuctionItem & { buynow: number };
  onBought: (item: AuctionItem) => void;
}): ReactElement {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useIsSignedIn();
  const [busy, setBusy] = useState(false);

  async function buy(): Promise<void> {
    if (busy) return;
    if (!signedIn) {
      navigate(linkTo('login', { next: safeReturnPath(`${location.pathname}${location.search}`) }));
      return;
    }
    const sure = window.confirm(
      `Buy "${item.productname}" now for ${formatPrice(item.buynow)}? This ends the auction and places your order.`,
    );
    if (!sure) return;
    setBusy(true);
    try {
      const bought = await buyItNow(item.auctionid);
      notify({ text: bought.msg, kind: 'success' });
      onBought(bought.item);
    } catch (failure) {
      notify({ text: messageOf(failure), kind: 'error' });
      setBusy(false);
    }
  }

  return (
    <div className={styles.buyNow}>
      <button type="button" className={ui.btnOutline} onClick={buy} disabled={busy} aria-busy={busy || undefined}>
        Buy It Now {formatPrice(item.buynow)}
      </button>
      <span className={ui.muted}>Ends the auction at once: no bidding.</span>
    </div>
  );
}
