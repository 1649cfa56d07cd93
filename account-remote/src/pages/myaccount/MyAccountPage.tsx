import { useCallback, useMemo, useRef, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Navigate, NavLink, useLocation, useNavigate } from '@marketplace/shared/router';
import {
  Breadcrumb,
  errorMessage,
  getUserData,
  hasStatus,
  LoadFailed,
  NotFound,
  notify,
  useHydrated,
  useIsSignedIn,
  usePageMeta,
  useResource,
  useSession,
  type LoginData,
  linkTo,
} from '@marketplace/shared';
import { useLoginHere } from '../../lib/guards';
import type { AccountCustomer as Customer } from './addresses/addresses';
import { AccountContext, type AccountContextValue } from './AccountContext';
import { Dashboard } from './Dashboard';
import { MyProfile } from './profile/MyProfile';
import { EditProfile } from './profile/EditProfile';
import { AddressBook } from './addresses/AddressBook';
import { AddAddress, EditAddress } from './addresses/AddressForm';
import { OrderStats, PENDING_STATS, Stats } from './OrderStats';
import { OrdersProvider } from './orders/OrdersContext';
import { MyOrders } from './orders/MyOrders';
import { ManageOrder } from './orders/ManageOrder';
import { TrackOrder } from './orders/TrackOrder';
import { MyPayment } from './orders/MyPayment';
import { Cancellation } from './orders/Cancellation';
import { CouponOffer } from './orders/CouponOffer';
import { MyProducts } from './products/MyProducts';
import { OrdersToShip } from './sales/OrdersToShip';
import { Notifications } from './notifications/Notifications';
import { SUB_PAGE_TITLES, subPageKey, type SubPageKey } from './subPages';
import styles from './Account.module.css';

interface SubPage {
  title: string;
  Screen: ComponentType;
}

const SCREENS: Record<SubPageKey, ComponentType> = {
  '': Dashboard,
  myprofile: MyProfile,
  editprofile: EditProfile,
  addressbook: AddressBook,
  addaddress: AddAddress,
  editaddress: EditAddress,
  myorder: MyOrders,
  manageorder: ManageOrder,
  trackorder: TrackOrder,
  mypayment: MyPayment,
  cancellation: Cancellation,
  couponoffer: CouponOffer,
  myproducts: MyProducts,
  sales: OrdersToShip,
  notifications: Notifications,
};

function subPageOf(pathname: string): SubPage | null {
  const key = subPageKey(pathname);
  return key === null ? null : { title: SUB_PAGE_TITLES[key], Screen: SCREENS[key] };
}

/** The side menu: a function, as its links resolve through the live link table when the page renders. */
const menu = () => [
  { to: linkTo('myAccount'), label: 'Manage My Account' },
  { to: linkTo('myProfile'), label: 'My Profile' },
  { to: linkTo('addressBook'), label: 'Address Book' },
  { to: linkTo('myOrders'), label: 'My Orders' },
  { to: linkTo('myProducts'), label: 'My Products' },
  { to: linkTo('sales'), label: 'Orders to ship' },
  // The auction area's list of the items bid on (with tabs to Watching and Selling).
  { to: linkTo('myBids'), label: 'My Bids' },
  { to: linkTo('notifications'), label: 'Notifications' },
];

/** The greeting: the customer's initial and name; blank bars until they have loaded. */
function Greeting({ customer }: { customer: Customer | null }): ReactElement {
  return (
    <div className={styles.greeting}>
      <span className={styles.avatar} aria-hidden="true">
        {customer ? (customer.firstname.trim()[0] ?? '?').toUpperCase() : null}
      </span>
      <div>
        <span className={styles.hello}>Hello,</span>
        {customer ? (
          <strong className={styles.name}>
            {customer.firstname} {customer.lastname}
          </strong>
        ) : (
          <span className={`${styles.name} ${styles.skeletonLine}`} aria-hidden="true" />
        )}
      </div>
    </div>
  );
}

/**
 * The area's frame: the side column (greeting, menu, counters) and the content column. The server
 * renders it with no customer (it knows no session), so the page shows its frame at once and the
 * signed-in data fills it in the browser.
 */
function AccountFrame({
  customer,
  page,
  stats,
  children,
}: {
  customer: Customer | null;
  page: SubPage;
  stats: ReactNode;
  children: ReactNode;
}): ReactElement {
  return (
    <div className={styles.layout}>
      <aside className={styles.aside}>
        <Greeting customer={customer} />
        <nav aria-label="My account" className={styles.menu}>
          {menu().map((m) => (
            <NavLink
              key={m.to}
              to={m.to}
              end
              className={({ isActive }) =>
                [styles.menuLink, isActive ? styles.menuActive : null].filter(Boolean).join(' ')
              }
            >
              {m.label}
            </NavLink>
          ))}
        </nav>
        {stats}
      </aside>
      <section className={styles.content} aria-label={page.title}>
        {children}
      </section>
    </div>
  );
}

/** The content column while the account loads: bars where the heading and the cards will be. */
function ContentSkeleton(): ReactElement {
  return (
    <div className={styles.skeleton} role="status">
      <span className={styles.visuallyHidden}>Loading your account</span>
      <span className={`${styles.heading} ${styles.skeletonLine} ${styles.skeletonHeading}`} aria-hidden="true" />
      <div className={styles.cards} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`${styles.card} ${styles.skeletonCard}`} />
        ))}
      </div>
    </div>
  );
}

/** The frame as the server renders it (and the browser hydrates it), before anyone is known to be signed in. */
function SkeletonArea({ page }: { page: SubPage }): ReactElement {
  return (
    <AccountFrame customer={null} page={page} stats={<Stats rows={PENDING_STATS} />}>
      <ContentSkeleton />
    </AccountFrame>
  );
}

function SignedInArea({ page }: { page: SubPage }): ReactElement {
  const navigate = useNavigate();
  // Read when a call fails, not a dependency: a move inside the area must not load the customer again.
  const loginHere = useRef('');
  loginHere.current = useLoginHere();
  const fail = useCallback(
    (error: unknown) => {
      if (hasStatus(error, 401)) {
        notify({ text: errorMessage(error), kind: 'warning' });
        useSession.getState().signOut();
        navigate(loginHere.current);
      } else if (hasStatus(error, 404)) {
        navigate(linkTo('error404'), { replace: true });
      } else {
        notify({ text: errorMessage(error), kind: 'error' });
      }
    },
    [navigate],
  );

  // Loaded once per visit of the area: a move inside it must not load the customer again.
  const account = useResource<Customer>(getUserData, [], {
    onFailed: (error, { background }) => {
      // A dead session or an unknown user leaves the area; a failed reload after a save is a toast, the customer shown stays.
      if (background || hasStatus(error, 401) || hasStatus(error, 404)) fail(error);
    },
  });
  const { reload, update } = account;
  const customer = account.status === 'ready' ? account.data : null;

  const value = useMemo<AccountContextValue | null>(() => {
    if (!customer) return null;
    return {
      customer,
      fail,
      reload,
      saved(session: LoginData, changes: Partial<Customer>) {
        useSession.getState().signIn(session);
        update((c) => ({ ...c, ...changes }));
      },
    };
  }, [customer, fail, reload, update]);

  const failed = account.status === 'failed' && !hasStatus(account.error, 401) && !hasStatus(account.error, 404);
  const { Screen } = page;
  return (
    <AccountFrame customer={customer} page={page} stats={<OrderStats />}>
      {failed ? (
        <LoadFailed
          what={`Your account could not be loaded (${errorMessage(account.error)}).`}
          onRetry={account.retry}
          buttonClassName={styles.button}
        />
      ) : customer && value ? (
        <AccountContext.Provider value={value}>
          <Screen />
        </AccountContext.Provider>
      ) : (
        <ContentSkeleton />
      )}
    </AccountFrame>
  );
}

/** The customer and the order list load side by side; the order list serves the counters and the order pages. */
function SignedInAreaWithOrders({ page }: { page: SubPage }): ReactElement {
  return (
    <OrdersProvider>
      <SignedInArea page={page} />
    </OrdersProvider>
  );
}

/**
 * /myaccount and every /myaccount/* route: one account screen (spec section 2). The server and
 * the browser's hydration render it signed out, as the frame and a skeleton (the same HTML for
 * everyone); then a visitor without a session goes to /login, and a signed-in one gets their data.
 */
export function MyAccountPage(): ReactElement {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const signedIn = useIsSignedIn();
  const loginHere = useLoginHere();
  const page = subPageOf(pathname);
  // No sub-screen: NotFound reports its own meta (a parent's would win in the browser).
  usePageMeta(page ? { title: page.title } : null);
  if (hydrated && !signedIn) return <Navigate to={loginHere} replace />;
  if (!page) return <NotFound />;
  return (
    <div className={styles.page}>
      <Breadcrumb page={page.title} />
      {hydrated ? <SignedInAreaWithOrders page={page} /> : <SkeletonArea page={page} />}
    </div>
  );
}
