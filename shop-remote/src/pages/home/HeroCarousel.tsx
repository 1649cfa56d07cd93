import { useMemo, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { Carousel, type CarouselSlide } from '@marketplace/shared/carousel';
import { formatPrice, linkTo } from '@marketplace/shared';
import { AccessoriesArt, HeadphonesArt, MobileArt } from './heroArt';
import styles from './HeroCarousel.module.css';

/** The spec's three offers (section 2, Home page). */
export const HERO_SLIDES = [
  {
    kicker: 'Electronics Accessories',
    title: 'Get 30% Off',
    text: `Starting from ${formatPrice(25000)}`,
    theme: 'sunset',
    Art: AccessoriesArt,
  },
  {
    kicker: 'Headphones',
    title: 'Get 10% Off',
    text: `Starting from ${formatPrice(3000)}`,
    theme: 'indigo',
    Art: HeadphonesArt,
  },
  {
    kicker: 'Mobiles',
    title: 'Get 10% Off',
    text: `Starting from ${formatPrice(10000)}`,
    theme: 'emerald',
    Art: MobileArt,
  },
] as const;

export const HERO_INTERVAL_MS = 6000;

/** The slides: made when the banner renders, as their links resolve through the live link table. */
const slides = (): CarouselSlide[] =>
  HERO_SLIDES.map(({ kicker, title, text, theme, Art }) => ({
    label: kicker,
    className: styles[theme],
    content: (
      <div className={styles.slide}>
        <div className={styles.copy}>
          <p className={styles.kicker}>{kicker}</p>
          <h2 className={styles.title}>{title}</h2>
          <p className={styles.text}>{text}</p>
          <Link className={styles.cta} to={linkTo('newArrivals')}>
            SHOP NOW
          </Link>
        </div>
        <div className={styles.art}>
          <Art />
        </div>
      </div>
    ),
  }));

/**
 * The home banner on the shared carousel (it advances on its own, stops while hovered, focused
 * or paused, and never for people who ask for reduced motion). Fixed height: nothing below moves.
 */
export function HeroCarousel(): ReactElement {
  const shown = useMemo(slides, []);
  return <Carousel label="Today's offers" slides={shown} intervalMs={HERO_INTERVAL_MS} className={styles.hero} />;
}
