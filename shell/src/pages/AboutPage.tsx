import type { ReactElement } from 'react';
import { Breadcrumb, usePageMeta, type PageMeta } from '@marketplace/shared';
import styles from './pages.module.css';

const TEAM = [
  {
    name: 'Aarav Mehta',
    role: 'Founder & CEO',
    text: 'Started the shop from a small electronics stall and still answers customer mail every week.',
  },
  {
    name: 'Priya Menon',
    role: 'Head of Merchandising',
    text: 'Chooses every accessory and clothing line, and tests the gadgets before they reach the shelves.',
  },
  {
    name: 'Rohan Iyer',
    role: 'Auction Curator',
    text: 'Checks each painting, coin and sports collectible that goes up for auction.',
  },
  {
    name: 'Sneha Kapoor',
    role: 'Customer Care Lead',
    text: 'Leads the team that helps you with orders, returns and delivery, 9 AM to 7 PM.',
  },
];

const TESTIMONIALS = [
  {
    by: 'Kavya R., Pune',
    text: 'My headphones arrived in two days, well packed and exactly as described. Checkout was quick.',
  },
  {
    by: 'Imran S., Hyderabad',
    text: 'I won a 1950s coin in the auction at a fair price. The bidding was simple to follow.',
  },
  {
    by: 'Meera J., Chennai',
    text: 'Good prices on accessories and a helpful support team when I needed to change my address.',
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
}

const ABOUT_META: PageMeta = {
  title: 'About Us',
  description:
    'Marketplace is an online store for electronics, accessories and clothing, with prices in rupees and auctions for paintings, coins and currency notes, and sports items.',
  path: '/about',
};

export function AboutPage(): ReactElement {
  usePageMeta(ABOUT_META);
  return (
    <div className={styles.page}>
      <Breadcrumb page="About Us" />
      <section className={styles.intro}>
        <div>
          <h1 className={styles.pageTitle}>About Us</h1>
          <p className={styles.lead}>
            Marketplace is an online store for electronics, accessories and clothing, with prices in rupees and an
            auction side for collectibles: paintings, coins and currency notes, and sports items.
          </p>
          <p className={styles.lead}>
            Anyone can browse the new arrivals, search the catalogue and read reviews. With an account you can keep a
            cart, check out with a coupon, track your orders, list your own products for sale and bid in our auctions.
          </p>
        </div>
        <div className={styles.introArt} aria-label="Marketplace in numbers" role="group">
          <div className={styles.stat}>
            <strong>60+</strong>
            <span>products in stock</span>
          </div>
          <div className={styles.stat}>
            <strong>3</strong>
            <span>auction categories</span>
          </div>
          <div className={styles.stat}>
            <strong>2 days</strong>
            <span>typical delivery</span>
          </div>
          <div className={styles.stat}>
            <strong>Rs. 500</strong>
            <span>free shipping from</span>
          </div>
        </div>
      </section>

      <h2 className={styles.sectionTitle}>Our team</h2>
      <ul className={styles.cards}>
        {TEAM.map((member) => (
          <li key={member.name} className={styles.card}>
            <div className={styles.avatar} aria-hidden="true">
              {initials(member.name)}
            </div>
            <h3>{member.name}</h3>
            <p className={styles.role}>{member.role}</p>
            <p>{member.text}</p>
          </li>
        ))}
      </ul>

      <h2 className={styles.sectionTitle}>What our customers say</h2>
      <ul className={styles.cards}>
        {TESTIMONIALS.map((t) => (
          <li key={t.by} className={styles.card}>
            <figure className={styles.bare}>
              <blockquote className={styles.bare}>
                <p className={styles.quote}>“{t.text}”</p>
              </blockquote>
              <figcaption>
                <p className={styles.quoteBy}>{t.by}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
