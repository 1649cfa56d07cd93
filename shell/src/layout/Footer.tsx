import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { useHydrated, useSession, linkTo } from '@marketplace/shared';
import { CONTACT, SHOP_NAME } from '../content';
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, TwitterIcon, YoutubeIcon } from './icons';
import styles from './Footer.module.css';

const SOCIAL = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://x.com/', label: 'X (Twitter)', Icon: TwitterIcon },
  { href: 'https://www.instagram.com/', label: 'Instagram', Icon: InstagramIcon },
  { href: 'https://www.youtube.com/', label: 'YouTube', Icon: YoutubeIcon },
];

// Functions, not constants: a link resolves through the live link table, read when the page renders.
const information = () => [
  { to: linkTo('about'), label: 'About Us' },
  { to: linkTo('faq'), label: 'FAQ' },
  // As in the header's menu, the spec shows Contact Us to signed-in customers only.
  { to: linkTo('contact'), label: 'Contact Us', signedInOnly: true },
  { to: linkTo('review'), label: 'Reviews' },
];

const company = () => [
  { to: linkTo('newArrivals'), label: 'Cart' },
  { to: linkTo('wishlist'), label: 'Wishlist' },
  { to: linkTo('myAccount'), label: 'My Account' },
  { to: linkTo('auctionHome'), label: 'Auction' },
];

const PAYMENT_BRANDS = ['VISA', 'Mastercard', 'RuPay', 'PayPal', 'Cash on Delivery'];

function Newsletter(): ReactElement {
  const [email, setEmail] = useState('');
  const hydrated = useHydrated();
  const [message, setMessage] = useState('');
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The newsletter makes no call (spec): the user is thanked in words.
    if (!email.trim()) {
      setMessage('Please enter your email address to subscribe.');
      return;
    }
    setMessage(`Thank you for subscribing! Our best offers will reach ${email.trim()} soon.`);
    setEmail('');
  };
  return (
    <form className={styles.newsletter} onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Email address</label>
      <div className={styles.newsletterRow}>
        <input
          id={inputId}
          type="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
        />
        <button type="submit" disabled={!hydrated}>
          SUBSCRIBE
        </button>
      </div>
      <p className={styles.newsletterMessage} role="status">
        {message}
      </p>
    </form>
  );
}

export function Footer(): ReactElement {
  const year = new Date().getFullYear();
  const signedIn = useSession((s) => Boolean(s.session));
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul className={styles.contact}>
            <li>
              <MapPinIcon />
              <span>{CONTACT.address}</span>
            </li>
            <li>
              <PhoneIcon />
              <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
            </li>
            <li>
              <MailIcon />
              <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </li>
          </ul>
          <ul className={styles.social} aria-label="Follow us">
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} aria-label={label} target="_blank" rel="noopener noreferrer">
                  <Icon width="18" height="18" />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-information">
          <h2 id="footer-information">Information</h2>
          <ul className={styles.links}>
            {information()
              .filter((l) => !l.signedInOnly || signedIn)
              .map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul className={styles.links}>
            {company().map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">Newsletter</h2>
          <p className={styles.muted}>New arrivals, deals of the day and auction news, once a week.</p>
          <Newsletter />
        </section>
      </div>
      <div className={styles.bottom}>
        <p>
          © {year} {SHOP_NAME}. All rights reserved.
        </p>
        <ul className={styles.payments} aria-label="Payment methods we accept">
          {PAYMENT_BRANDS.map((brand) => (
            <li key={brand}>{brand}</li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
