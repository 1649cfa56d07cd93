import { type ReactElement } from 'react';
import { formatPrice } from '@marketplace/shared';
import { Carousel, type CarouselSlide } from '@marketplace/shared/carousel';
import { CoinsArt, PaintingArt, SportsArt } from './bannerArt';
import styles from './AuctionBanner.module.css';

/** The spec's three categories with their starting prices (section 2, Auction screens). */
export const BANNER_SLIDES = [
  {
    kicker: 'Paintings',
    title: 'Original art, framed and signed',
    text: `Starting from ${formatPrice(499)}`,
    theme: 'canvas',
    Art: PaintingArt,
  },
  {
    kicker: 'Coins and Currency Notes',
    title: 'Rare coins and old notes',
    text: `Starting from ${formatPrice(999)}`,
    theme: 'mint',
    Art: CoinsArt,
  },
  {
    kicker: 'Sports Items',
    title: 'Signed bats, balls and jerseys',
    text: `Starting from ${formatPrice(9999)}`,
    theme: 'stadium',
    Art: SportsArt,
  },
] as const;

export const BANNER_INTERVAL_MS = 6000;

/** Fixed-height banner carousel of the auction categories; its button jumps to the lots. */
export function AuctionBanner({ onBrowse }: { onBrowse: () => void }): ReactElement {
  const slides: CarouselSlide[] = BANNER_SLIDES.map(({ kicker, title, text, theme, Art }) => ({
    label: kicker,
    className: styles[theme],
    content: (
      <div className={styles.slide}>
        <div className={styles.copy}>
          <p className={styles.kicker}>{kicker}</p>
          <h2 className={styles.title}>{title}</h2>
          <p className={styles.text}>{text}</p>
          <button type="button" className={styles.cta} onClick={onBrowse}>
            Browse the lots
          </button>
        </div>
        <div className={styles.art}>
          <Art />
        </div>
      </div>
    ),
  }));
  return (
    <Carousel label="Auction categories" slides={slides} intervalMs={BANNER_INTERVAL_MS} className={styles.banner} />
  );
}
