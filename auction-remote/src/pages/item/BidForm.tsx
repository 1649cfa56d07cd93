import { useState, type FormEvent, type ReactElement } from 'react';
import { useLocation, useNavigate } from '@marketplace/shared/router';
import {
  AUCTION_MESSAGES,
  Field,
  formatPrice,
  messageOf,
  minimumBid,
  notify,
  placeBid,
  SubmitButton,
  useIsSignedIn,
  type AuctionItem,
  linkTo,
  safeReturnPath,
} from '@marketplace/shared';
import { parseRupees } from '../../lib/auctionForm';
import ui from '../../styles/ui.module.css';
import styles from './AuctionProductPage.module.css';

export const BID_SUCCESS_TOAST = { text: 'Your BID has been placed', kind: 'success' } as const;

export const MAX_BID_HINT =
  'Optional. We bid for you, only as much as it takes to lead, up to your maximum; nobody else sees it.';
export const MAX_BELOW_BID = 'Maximum BID must not be lower than your BID';
export const leadingText = (max: number): string => `You are the highest bidder, your maximum is ${formatPrice(max)}`;

/**
 * The 'Add BID' form. The bid is required (the spec's field and messages); an optional maximum
 * lets the server bid for the bidder up to it (without one, the bid is the maximum); the hint
 * names the smallest bid taken (the contract's increment table); the server decides and its
 * message is shown as an error toast. A signed-out visitor is sent to /login. After a bid we stay
 * on the item (the spec went to /auctionhome) so the bidder sees the live state: while the price
 * stays within the maximum the reply gave (`yourmax`), 'You are the highest bidder, your maximum
 * is Rs. X'; once the price passes it, the bidder has been outbid.
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
  const [maxValue, setMaxValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [maxError, setMaxError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The maximum of the caller's last accepted bid, as the server answered it (undefined: a rival's higher maximum answered at once). */
  const [placed, setPlaced] = useState<{ yourmax?: number } | null>(null);

  // Leading while the price stays within the maximum the server confirmed (a rival above it moves the price past it).
  const standing =
    placed === null
      ? null
      : placed.yourmax !== undefined && item.bid <= placed.yourmax
        ? { leading: true, text: leadingText(placed.yourmax) }
        : { leading: false, text: `You have been outbid: enter ${formatPrice(minimumBid(item))} or more to lead` };

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    if (!signedIn) {
      navigate(linkTo('login', { next: safeReturnPath(`${location.pathname}${location.search}`) }));
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
    let maxbid: number | undefined;
    if (maxValue.trim() !== '') {
      const max = parseRupees(maxValue);
      if (max === null || max < 1) {
        setMaxError(AUCTION_MESSAGES.wholeMaxBid);
        return;
      }
      if (max < bid) {
        setMaxError(MAX_BELOW_BID);
        return;
      }
      maxbid = max;
    }
    setMaxError(null);
    setBusy(true);
    try {
      const fresh =
        maxbid === undefined ? await placeBid(item.auctionid, bid) : await placeBid(item.auctionid, bid, { maxbid });
      notify(BID_SUCCESS_TOAST);
      setValue('');
      setMaxValue('');
      setPlaced({ yourmax: fresh.yourmax });
      onPlaced(fresh);
    } catch (failure) {
      notify({ text: messageOf(failure), kind: 'error' });
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
        hint={`Enter ${formatPrice(minimumBid(item))} or more.`}
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
      <Field
        id="auction-maxbid"
        label="Your maximum BID (Rs.)"
        inputMode="numeric"
        autoComplete="off"
        value={maxValue}
        error={maxError}
        hint={MAX_BID_HINT}
        onChange={(e) => {
          setMaxValue(e.target.value);
          if (maxError) setMaxError(null);
        }}
      />
      {standing && (
        <p role="status" className={standing.leading ? styles.leading : styles.outbid}>
          {standing.text}
        </p>
      )}
      {!signedIn && <p className={ui.muted}>You will be asked to login before your BID is placed.</p>}
    </form>
  );
}
