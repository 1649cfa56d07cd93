import { useEffect } from 'react';
import { create } from 'zustand';
import { errorMessage, getPriceAlert, hasStatus, notify, setPriceAlert, useSession } from '@marketplace/shared';
import { endExpiredSession } from './failures';

/**
 * Price-drop alerts the shop knows of for the signed-in shopper (issue 18, item 3): the product
 * page asks the server for its own product (GET /pricealerts/{id}, one cheap read); a card's bell
 * knows only what was read or changed in this session, and shows not pressed otherwise (its first
 * press then records the alert, which is what it offers).
 */
interface AlertState {
  token: string | null;
  watching: ReadonlyMap<number, boolean>;
  busy: ReadonlySet<number>;
}

const EMPTY: AlertState = { token: null, watching: new Map(), busy: new Set() };
export const usePriceAlertStore = create<AlertState>(() => EMPTY);

const tokenNow = (): string | null => useSession.getState().session?.authtoken ?? null;

function current(): AlertState {
  const token = tokenNow();
  const state = usePriceAlertStore.getState();
  if (state.token === token) return state;
  const fresh = { ...EMPTY, token };
  usePriceAlertStore.setState(fresh, true);
  return fresh;
}

function record(productid: number, watching: boolean): void {
  const map = new Map(current().watching);
  map.set(productid, watching);
  usePriceAlertStore.setState({ watching: map });
}

function setBusy(productid: number, busy: boolean): void {
  const next = new Set(current().busy);
  if (busy) next.add(productid);
  else next.delete(productid);
  usePriceAlertStore.setState({ busy: next });
}

/** The bell of `productid`: pressed when an alert is known to be recorded; `known` once the server said. */
export function usePriceAlert(
  productid: number,
  { check = false } = {},
): { pressed: boolean; known: boolean; busy: boolean } {
  const token = useSession((s) => s.session?.authtoken ?? null);
  const value = usePriceAlertStore((s) => (s.token === token ? s.watching.get(productid) : undefined));
  const busy = usePriceAlertStore((s) => s.token === token && s.busy.has(productid));

  useEffect(() => {
    if (!check || !token) return;
    let active = true;
    current();
    getPriceAlert(productid).then(
      (watching) => active && tokenNow() === token && record(productid, watching),
      (error: unknown) => {
        if (active && tokenNow() === token && hasStatus(error, 401)) endExpiredSession(error);
      },
    );
    return () => {
      active = false;
    };
  }, [check, token, productid]);

  return { pressed: value === true, known: value !== undefined, busy };
}

/**
 * 'Email me when the price drops': records the alert ('We will email you when the price drops'),
 * or removes it when pressed ('Price alert removed: we will not email you about this product').
 */
export async function togglePriceAlert(productid: number): Promise<void> {
  const state = current();
  if (state.busy.has(productid)) return;
  const watching = state.watching.get(productid) === true;
  setBusy(productid, true);
  try {
    const reply = await setPriceAlert(productid, !watching);
    record(productid, reply.watching);
    notify(`${reply.msg},1`);
  } catch (error) {
    if (hasStatus(error, 401)) endExpiredSession(error);
    else notify(`${errorMessage(error)},3`);
  } finally {
    setBusy(productid, false);
  }
}
