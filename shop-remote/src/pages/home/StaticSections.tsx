import { type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { linkTo } from '@marketplace/shared';
import { HeadsetIcon, ShieldIcon, TruckIcon } from '../../components/Icons';
import ui from '../../styles/ui.module.css';
import styles from './StaticSections.module.css';

/** Three promotional tiles, each leading to the new arrivals (spec section 2; the $200 text is section 9). */
const PROMOS = [
  { kicker: 'New season', title: 'Smart gadgets for every day', theme: 'promoWarm' },
  { kicker: 'Free shipping', title: 'Free shipping on US orders above $200', theme: 'promoCool' },
  { kicker: 'Clothing', title: 'Fresh styles, just arrived', theme: 'promoRose' },
] as const;

export function PromoTiles(): ReactElement {
  return (
    <section aria-label="Promotions" className={styles.promos}>
      {PROMOS.map(({ kicker, title, theme }) => (
        <Link key={kicker} to={linkTo('newArrivals')} className={`${styles.promo} ${styles[theme]}`}>
          <span className={styles.promoKicker}>{kicker}</span>
          <span className={styles.promoTitle}>{title}</span>
          <span className={styles.promoCta}>Shop now →</span>
        </Link>
      ))}
    </section>
  );
}

const SERVICES = [
  { Icon: TruckIcon, title: 'Free Shipping', text: 'On items of Rs.500 and above' },
  { Icon: ShieldIcon, title: 'Shop with Confidence', text: 'Cancel any order until it is delivered' },
  { Icon: HeadsetIcon, title: '24/7 Help', text: 'Write to us any time from Contact Us' },
] as const;

export function ServiceHighlights(): ReactElement {
  return (
    <section aria-label="Why shop with us" className={styles.services}>
      {SERVICES.map(({ Icon, title, text }) => (
        <div key={title} className={styles.service}>
          <span className={styles.serviceIcon}>
            <Icon size={26} />
          </span>
          <div>
            <h3 className={styles.serviceTitle}>{title}</h3>
            <p className={styles.serviceText}>{text}</p>
          </div>
        </div>
      ))}
    </section>
  );
}

/** Static sample posts (spec section 1: the blog teaser is fixed content). */
const POSTS = [
  {
    date: '2024-03-12',
    label: '12 March 2024',
    title: 'How to choose headphones that last',
    text: 'Comfort, battery life and sound: what to look at before you buy your next pair.',
    theme: 'blogA',
  },
  {
    date: '2024-02-27',
    label: '27 February 2024',
    title: 'Five accessories for a tidier desk',
    text: 'Chargers, stands and cables that make working from home a little easier.',
    theme: 'blogB',
  },
  {
    date: '2024-02-08',
    label: '8 February 2024',
    title: 'Caring for your clothes: a quick guide',
    text: 'Simple washing and storage habits that keep your favourite pieces looking new.',
    theme: 'blogC',
  },
] as const;

export function BlogTeaser(): ReactElement {
  return (
    <section aria-labelledby="from-our-blog">
      <div className={ui.sectionHead}>
        <h2 id="from-our-blog" className={ui.sectionTitle}>
          From Our Blog
        </h2>
      </div>
      <div className={styles.posts}>
        {POSTS.map((post) => (
          <article key={post.title} className={styles.post}>
            <div className={`${styles.postArt} ${styles[post.theme]}`} aria-hidden="true" />
            <div className={styles.postBody}>
              <time className={styles.postDate} dateTime={post.date}>
                {post.label}
              </time>
              <h3 className={styles.postTitle}>{post.title}</h3>
              <p className={styles.postText}>{post.text}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
