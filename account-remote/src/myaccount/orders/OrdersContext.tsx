import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useLocation } from '@marketplace/shared/router';
import { getOrders, notify, type Order } from '@marketplace/shared';
import { hasStatus } from '../../lib/errors';

export interface OrdersValue {
  /** The signed-in user's orders, newest first; null until the first answer. */
  orders: Order[] | null;
  /** The last load failed (the list shown, if any, is the one loaded before). */
  failed: boolean;
  /** Loads the list again (keeps showing the current one meanwhile). */
  reload(): void;
}

const OrdersContext = createContext<OrdersValue | null>(null);

export function useOrders(): OrdersValue {
  const value = useContext(OrdersContext);
  if (!value) throw new Error('useOrders() outside the account area');
  return value;
}

/**
 * The order list of the account area (counters, Recent Orders, My Orders, payments,
 * cancellations). Loaded when the area opens and again on every move inside it, so a status
 * that moved on or an order just cancelled shows without a page reload. A failure shows
 * 'Something went Wrong' (spec section 8); a 401 is left to the area, whose customer call
 * signs the user out.
 */
export function OrdersProvider({ children }: { children: ReactNode }): ReactElement {
  const { pathname } = useLocation();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const call = ++latest.current;
    getOrders()
      .then((list) => {
        if (call !== latest.current) return;
        setOrders(list);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (call !== latest.current) return;
        setFailed(true);
        if (!hasStatus(error, 401)) notify('Something went Wrong,3');
      });
  }, [pathname, attempt]);

  useEffect(
    () => () => {
      latest.current += 1; // ignore answers that arrive after the area closed
    },
    [],
  );

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const value = useMemo<OrdersValue>(() => ({ orders, failed, reload }), [orders, failed, reload]);
  return <OrdersContext.Provider value={value}>{children}</OrdersContext.Provider>;
}
