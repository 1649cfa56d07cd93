import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ReactElement,
  type ReactNode,
  type RefCallback,
} from 'react';
import { useLocation } from '@marketplace/shared/router';
import { getOrdersPage, hasStatus, notify, usePagedList, type Order, type PagedList } from '@marketplace/shared';

/** GET /allorders' largest page: a move inside the area reads the orders loaded so far again, in one read of at most this many. */
const ORDERS_MAX_PAGE = 100;

export interface OrdersValue {
  /** The signed-in user's orders loaded so far, newest first (a page at a time); null until the first answer. */
  orders: Order[] | null;
  /** 'loading' until the first answer, 'failed' when it could not be read, else 'ready' (a failed reload keeps the list shown). */
  status: PagedList<Order>['status'];
  /** Loads the list again (keeps showing the current one meanwhile). */
  reload(): void;
  /** Older orders follow the loaded ones: whatever counts `orders` is a lower bound. */
  hasMore: boolean;
  /** The next page of older orders is being read. */
  loadingMore: boolean;
  /** Appends the next page of older orders. */
  loadMore(): void;
  /** The ref of an order's row: the first order a Load more brought takes the focus. */
  orderRef(orderid: number): RefCallback<HTMLElement>;
}

const OrdersContext = createContext<OrdersValue | null>(null);

export function useOrders(): OrdersValue {
  const value = useContext(OrdersContext);
  if (!value) throw new Error('useOrders() outside the account area');
  return value;
}

/** Spec section 8: 'Something went Wrong'; a 401 is left to the area, whose customer call signs the user out. */
function failedToast(error: unknown): void {
  if (!hasStatus(error, 401)) notify({ text: 'Something went Wrong', kind: 'error' });
}

/**
 * The order list of the account area (counters, Recent Orders, My Orders, payments,
 * cancellations): its first page when the area opens, older ones with 'Load more orders'. Read
 * again on every move inside the area (as far as it was loaded), so a status that moved on or an
 * order just cancelled shows without a page reload. An order page that needs one order by id
 * reads it alone (GET /order), loaded here or not.
 */
export function OrdersProvider({ children }: { children: ReactNode }): ReactElement {
  const { pathname } = useLocation();
  const list = usePagedList(getOrdersPage, [], {
    keyOf: (order) => order.orderid,
    maxPageSize: ORDERS_MAX_PAGE,
    onFailed: failedToast,
    onMoreFailed: failedToast,
  });
  const { items: orders, status, reload, hasMore, loadingMore, loadMore, itemRef } = list;

  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    reload();
  }, [pathname, reload]);

  const value = useMemo<OrdersValue>(
    () => ({ orders, status, reload, hasMore, loadingMore, loadMore, orderRef: itemRef }),
    [orders, status, reload, hasMore, loadingMore, loadMore, itemRef],
  );
  return <OrdersContext.Provider value={value}>{children}</OrdersContext.Provider>;
}
