import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactElement } from 'react';
import { Link, NavLink, useLocation } from '@marketplace/shared/router';
import { refreshCartCount, useCartCount, useSession } from '@marketplace/shared';
import { CONTACT, SHOP_NAME } from '../content';
import { fullPageLoad } from './fullPageLoad';
import { CartIcon, ChevronDownIcon, LogoMark, MailIcon, PhoneIcon, SearchIcon, UserIcon } from './icons';
import styles from './Header.module.css';

/** Submitting the search opens the results with a full page load, as the spec says. */
export function searchUrl(term: string): string {
  const trimmed = term.trim();
  return trimmed ? `/newarrival/${encodeURIComponent(trimmed)}` : '/newarrival';
}

function SearchBox(): ReactElement {
  const [term, setTerm] = useState('');
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fullPageLoad(searchUrl(term));
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit}>
      <label htmlFor={inputId} className={styles.visuallyHidden}>
        Search products
      </label>
      <input
        id={inputId}
        type="search"
        placeholder="Search products, brands and categories"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        autoComplete="off"
      />
      <button type="submit" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}

function AccountMenu(): ReactElement {
  const session = useSession((s) => s.session);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

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
              <Link to="/myaccount">Account</Link>
            </li>
            <li>
              <Link to="/logout">Logout</Link>
            </li>
          </>
        ) : (
          <>
            <li>
              <Link to="/signup">Signup</Link>
            </li>
            <li>
              <Link to="/login">Signin</Link>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}

function CartLink(): ReactElement {
  const count = useCartCount((s) => s.count);
  return (
    <Link className={styles.iconLink} to="/viewcart" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <CartIcon />
      <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
        {count}
      </span>
    </Link>
  );
}

interface MenuItem {
  to: string;
  label: string;
  signedInOnly?: boolean;
}

export const MENU: readonly MenuItem[] = [
  { to: '/newarrival', label: 'NEW ARRIVALS' },
  { to: '/addproduct', label: 'ADD PRODUCT', signedInOnly: true },
  { to: '/review', label: 'REVIEW' },
  { to: '/contact', label: 'CONTACT US', signedInOnly: true },
  { to: '/auctionhome', label: 'AUCTION' },
  { to: '/about', label: 'ABOUT US' },
  { to: '/faq', label: 'FAQ' },
];

export function Header(): ReactElement {
  const session = useSession((s) => s.session);
  const token = session?.authtoken ?? null;
  useEffect(() => {
    // The badge follows the session: a new sign-in shows that user's cart, a sign-out shows none.
    void refreshCartCount();
  }, [token]);

  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <Link to="/" className={styles.logo} aria-label={`${SHOP_NAME} home`}>
          <LogoMark />
          <span>{SHOP_NAME}</span>
        </Link>
        <SearchBox />
        <div className={styles.tools}>
          <a className={styles.iconLink} href={CONTACT.phoneHref} aria-label={`Call us at ${CONTACT.phone}`}>
            <PhoneIcon />
          </a>
          <a className={styles.iconLink} href={`mailto:${CONTACT.email}`} aria-label={`Email us at ${CONTACT.email}`}>
            <MailIcon />
          </a>
          <AccountMenu />
          {session && <CartLink />}
        </div>
      </div>
      <nav className={styles.menu} aria-label="Main menu">
        <ul>
          {MENU.filter((item) => !item.signedInOnly || session).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
