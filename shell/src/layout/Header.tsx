import {
  memo,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactElement,
  type RefObject,
} from 'react';
import { Link, NavLink, useLocation } from '@marketplace/shared/router';
import { refreshCartCount, useCartCount, useSession, linkTo, safeReturnPath } from '@marketplace/shared';
import { CONTACT, SHOP_NAME } from '../content';
import { afterNextPaint } from '../afterNextPaint';
import { fullPageLoad } from './fullPageLoad';
import {
  CartIcon,
  ChevronDownIcon,
  CloseIcon,
  LogoMark,
  MailIcon,
  MenuIcon,
  PhoneIcon,
  SearchIcon,
  UserIcon,
} from './icons';
import styles from './Header.module.css';

/** The width at which the header becomes the phone header (Header.module.css uses the same). */
const PHONE_QUERY = '(max-width: 600px)';

/**
 * The open state of a phone header's disclosure (the menu drawer, the search over the bar): closed
 * by any navigation, and when the window grows out of the phone layout (a phone turned to landscape).
 */
function usePhoneDisclosure(): [open: boolean, setOpen: (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(PHONE_QUERY);
    const onChange = () => {
      if (!query.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open]);
  return [open, setOpen];
}

interface SearchBoxProps {
  id: string;
  /** On a phone the form is hidden until the search button opens it over the header bar. */
  open: boolean;
  onClose: (returnFocus: boolean) => void;
}

// Memoized, as the header's other parts: opening the phone search re-renders the header, and a tap's
// frame should not wait for parts it did not change.
const SearchBox = memo(function SearchBox({ id, open, onClose }: SearchBoxProps): ReactElement {
  const [term, setTerm] = useState('');
  const inputId = useId();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The results open with a full page load, as the spec says.
    const searchKey = term.trim();
    fullPageLoad(searchKey ? linkTo('search', { searchKey }) : linkTo('newArrivals'));
  };

  useEffect(() => {
    if (!open) return undefined;
    input.current?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!form.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      onClose(true);
    }
  };
  // Tabbing out of the open search closes it, so focus never lands on a control it covers.
  const onBlur = (event: FocusEvent) => {
    if (open && event.relatedTarget && !form.current?.contains(event.relatedTarget as Node)) onClose(false);
  };

  return (
    // Without JavaScript the form is sent as it is: /newarrival?q=<term> shows the results.
    <form
      id={id}
      ref={form}
      className={open ? `${styles.search} ${styles.searchOpen}` : styles.search}
      role="search"
      action={linkTo('newArrivals')}
      method="get"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <label htmlFor={inputId} className={styles.visuallyHidden}>
        Search products
      </label>
      <input
        id={inputId}
        ref={input}
        type="search"
        name="q"
        placeholder="Search products, brands and categories"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        autoComplete="off"
      />
      <button type="submit" className={styles.searchSubmit} aria-label="Search">
        <SearchIcon />
      </button>
      <button type="button" className={styles.searchClose} aria-label="Close search" onClick={() => onClose(true)}>
        <CloseIcon />
      </button>
    </form>
  );
});

const AccountMenu = memo(function AccountMenu(): ReactElement {
  const session = useSession((s) => s.session);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  // Signing in from a page comes back to it (the home page is where a sign-in goes anyway).
  const here = pathname === '/' && !search ? null : `${pathname}${search}`;

  useEffect(() => setOpen(false), [pathname, session]);
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };

  const initial = session?.firstname.trim().charAt(0).toUpperCase();
  const label = session ? `Account menu for ${session.firstname}`.trim() : 'Account menu';
  return (
    <div className={styles.account} ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={styles.accountButton}
        aria-label={label}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {initial ? (
          <span className={styles.initial} data-testid="account-initial">
            {initial}
          </span>
        ) : (
          <UserIcon data-testid="account-user-icon" />
        )}
        <ChevronDownIcon />
      </button>
      <ul id={menuId} className={styles.dropdown} hidden={!open}>
        {session ? (
          <>
            <li>
              <Link to={linkTo('myAccount')}>Account</Link>
            </li>
            <li>
              <Link to={linkTo('logout')}>Logout</Link>
            </li>
          </>
        ) : (
          <>
            <li>
              <Link to={linkTo('signup', { next: safeReturnPath(here) })}>Signup</Link>
            </li>
            <li>
              <Link to={linkTo('login', { next: safeReturnPath(here) })}>Signin</Link>
            </li>
          </>
        )}
      </ul>
    </div>
  );
});

const CartLink = memo(function CartLink(): ReactElement {
  const count = useCartCount((s) => s.count);
  return (
    <Link
      className={styles.iconLink}
      to={linkTo('cart')}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <CartIcon />
      <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
        {count}
      </span>
    </Link>
  );
});

interface MenuItem {
  to: string;
  label: string;
  signedInOnly?: boolean;
}

/** The main menu: a function, as its links resolve through the live link table when the page renders. */
const menu = (): readonly MenuItem[] => [
  { to: linkTo('newArrivals'), label: 'NEW ARRIVALS' },
  { to: linkTo('addProduct'), label: 'ADD PRODUCT', signedInOnly: true },
  { to: linkTo('review'), label: 'REVIEW' },
  { to: linkTo('contact'), label: 'CONTACT US', signedInOnly: true },
  { to: linkTo('auctionHome'), label: 'AUCTION' },
  { to: linkTo('about'), label: 'ABOUT US' },
  { to: linkTo('faq'), label: 'FAQ' },
];

const MenuLinks = memo(function MenuLinks({ onNavigate }: { onNavigate?: () => void }): ReactElement {
  const session = useSession((s) => s.session);
  return (
    <ul>
      {menu()
        .filter((item) => !item.signedInOnly || session)
        .map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) => (isActive ? styles.active : undefined)}
              onClick={onNavigate}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
    </ul>
  );
});

/**
 * Marks an element of the page that stays usable while a modal panel is open: the toasts, which
 * show above the panel and must still be read out and closed.
 */
export const OVER_MODALS_ATTRIBUTE = 'data-over-modals';

/**
 * Makes every element of the page outside `keep` inert (not focusable, not clickable, hidden from
 * screen readers), as a modal dialog does, but those marked OVER_MODALS_ATTRIBUTE; returns the way
 * back. Elements already inert stay so.
 */
function inertOutside(keep: Element): () => void {
  const made: Element[] = [];
  for (let node: Element = keep; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (
        sibling === node ||
        sibling.hasAttribute('inert') ||
        sibling.hasAttribute(OVER_MODALS_ATTRIBUTE) ||
        sibling instanceof HTMLScriptElement
      )
        continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => made.forEach((element) => element.removeAttribute('inert'));
}

interface MenuDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The menu button, which gets the focus back when the drawer closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * The secondary menu on a phone: a modal panel from the left. Focus moves to it when it opens and
 * back to the menu button when it closes; Escape, the close button, a click beside it, a link in
 * it or any navigation close it. While it is open the rest of the page is inert and does not scroll.
 */
function MenuDrawer({ id, open, onClose, opener }: MenuDrawerProps): ReactElement {
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const drawer = root.current;
    if (!open || !drawer) return undefined;
    const html = document.documentElement;
    let restore: (() => void) | null = null;
    // The panel paints first: making the page inert and unscrollable restyles and lays out all of
    // it (tens of ms on a phone), which would hold back the frame that answers the tap.
    const cancel = afterNextPaint(() => {
      const restoreInert = inertOutside(drawer);
      const overflow = html.style.overflow;
      html.style.overflow = 'hidden';
      restore = () => {
        html.style.overflow = overflow;
        restoreInert();
      };
      closeButton.current?.focus();
    });
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancel();
      document.removeEventListener('keydown', onKeyDown);
      restore?.();
      const focused = document.activeElement;
      if (!focused || focused === document.body || drawer.contains(focused)) opener.current?.focus();
    };
  }, [open, onClose, opener]);

  return (
    <div ref={root} className={styles.drawerRoot} hidden={!open}>
      <div className={styles.backdrop} data-testid="menu-backdrop" aria-hidden="true" onClick={onClose} />
      <div id={id} className={styles.drawer} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className={styles.drawerHead}>
          <span id={titleId} className={styles.drawerTitle}>
            Menu
          </span>
          <button
            ref={closeButton}
            type="button"
            className={styles.iconButton}
            aria-label="Close menu"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <nav className={styles.drawerNav} aria-label="Main menu">
          <MenuLinks onNavigate={onClose} />
        </nav>
        <ul className={styles.drawerContact} aria-label="Contact us">
          <li>
            <a href={CONTACT.phoneHref}>
              <PhoneIcon />
              <span>Call us at {CONTACT.phone}</span>
            </a>
          </li>
          <li>
            <a href={`mailto:${CONTACT.email}`}>
              <MailIcon />
              <span>Email us at {CONTACT.email}</span>
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}

/**
 * The phone's menu button and the drawer it opens, with their own state: a tap renders these two
 * alone, not the whole header (whose render would hold back the frame that answers it). The drawer
 * is a fixed panel, so its place beside the button changes nothing on screen.
 */
const PhoneMenu = memo(function PhoneMenu(): ReactElement {
  const drawerId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = usePhoneDisclosure();
  const close = useRef(() => setOpen(false)).current;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${styles.iconButton} ${styles.menuButton}`}
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      <MenuDrawer id={drawerId} open={open} onClose={close} opener={button} />
    </>
  );
});

export function Header(): ReactElement {
  const session = useSession((s) => s.session);
  const token = session?.authtoken ?? null;
  const { pathname } = useLocation();
  // /logout is ending the session it holds: a cart read with that token would race the logout
  // and be refused (401).
  const ending = pathname === linkTo('logout') && token !== null;
  useEffect(() => {
    // The badge follows the session shown: a new sign-in shows that user's cart, a sign-out none.
    // Not refresh() when none is shown: while hydrating the header shows signed out, yet the
    // store (which refresh() reads) already holds the session, perhaps the one /logout ends.
    if (token === null) useCartCount.setState({ count: 0 });
    else if (!ending) void refreshCartCount();
  }, [token, ending]);

  // The phone header's search, opened over the header bar.
  const searchId = useId();
  const searchButton = useRef<HTMLButtonElement>(null);
  const [searchOpen, setSearchOpen] = usePhoneDisclosure();
  const closeSearch = useRef((returnFocus: boolean) => {
    setSearchOpen(false);
    if (returnFocus) searchButton.current?.focus();
  }).current;

  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <PhoneMenu />
        <Link to={linkTo('home')} className={styles.logo} aria-label={`${SHOP_NAME} home`}>
          <LogoMark />
          <span>{SHOP_NAME}</span>
        </Link>
        <SearchBox id={searchId} open={searchOpen} onClose={closeSearch} />
        <div className={styles.tools}>
          <button
            ref={searchButton}
            type="button"
            className={`${styles.iconButton} ${styles.searchButton}`}
            aria-label="Open search"
            aria-expanded={searchOpen}
            aria-controls={searchId}
            onClick={() => setSearchOpen(true)}
          >
            <SearchIcon />
          </button>
          <a
            className={`${styles.iconLink} ${styles.contactLink}`}
            href={CONTACT.phoneHref}
            aria-label={`Call us at ${CONTACT.phone}`}
          >
            <PhoneIcon />
          </a>
          <a
            className={`${styles.iconLink} ${styles.contactLink}`}
            href={`mailto:${CONTACT.email}`}
            aria-label={`Email us at ${CONTACT.email}`}
          >
            <MailIcon />
          </a>
          <AccountMenu />
          {session && <CartLink />}
        </div>
      </div>
      <nav className={styles.menu} aria-label="Main menu">
        <MenuLinks />
      </nav>
    </header>
  );
}
