import { useState, type FormEvent, type ReactElement } from 'react';
import { useLocation, useNavigate } from '@marketplace/shared/router';
import {
  AUCTION_MESSAGES,
  Field,
  formatPrice,
  loginPath,
  messageOf,
  minimumBid,
  notify,
  placeBid,
  SubmitButton,
  useIsSignedIn,
  type AuctionItem,
} from '@marketplace/shared';
import { parseRupees } from '../../lib/auctionForm';
import ui from '../../styles/ui.module.css';
import styles from './AuctionProductPage.module.css';

export const BID_SUCCESS_TOAST = 'Your BID has been placed,1';

/**
 * The 'Add BID' form. The bid is required and is the most the bidder will pay (the server bids
 * for them up to it); the hint names the smallest bid taken (the contract's increment table);
 * the server decides and its message is shown as an error toast. A signed-out visitor is sent to /login. After a
 * bid we stay on the item (the spec went to /auctionhome) so the bidder sees the live state.
 */
export function BidForm({
  item,
  onPlaced,
}: {
  item: AuctionItem;
  onPlaced: (item: AuctionItem) => void;
}): ReactElement {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useIsSignedIn();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    if (!signedIn) {
      navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    if (value.trim() === '') {
      setError(AUCTION_MESSAGES.placeBid);
      return;
    }
    const bid = parseRupees(value);
    if (bid === null || bid < 1) {
      setError(AUCTION_MESSAGES.wholePlaceBid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const fresh = await placeBid(item.auctionid, bid);
      notify(BID_SUCCESS_TOAST);
      setValue('');
      onPlaced(fresh);
    } catch (failure) {
      notify(`${messageOf(failure)},3`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.bidForm} onSubmit={onSubmit} noValidate>
      <Field
        id="auction-bid"
        label="Your BID (Rs.)"
        inputMode="numeric"
        autoComplete="off"
        required
        value={value}
        error={error}
        hint={`Enter ${formatPrice(minimumBid(item))} or more. We bid for you only as much as it takes to lead, up to this amount; nobody else sees it.`}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(null);
        }}
        action={
          <SubmitButton className={ui.btn} busy={busy} busyLabel="Placing…">
            Add BID
          </SubmitButton>
        }
      />
      {!signedIn && <p className={ui.muted}>You will be asked to login before your BID is placed.</p>}
    </form>
  );
}
