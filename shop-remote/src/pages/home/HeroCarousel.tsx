import { useCallback, useEffect, useId, useState, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../components/Icons';
import { NEW_ARRIVALS_PATH } from '../../lib/productLinks';
import { AccessoriesArt, HeadphonesArt, MobileArt } from './heroArt';
import styles from './HeroCarousel.module.css';

/** The spec's three offers (section 2, Home page). */
export const HERO_SLIDES = [
  { kicker: 'Electronics Accessories', title: 'Get 30% Off', text: 'Starting from Rs. 25000', theme: 'sunset', Art: AccessoriesArt },
  { kicker: 'Headphones', title: 'Get 10% Off', text: 'Starting from Rs. 3000', theme: 'indigo', Art: HeadphonesArt },
  { kicker: 'Mobiles', title: 'Get 10% Off', text: 'Starting from Rs. 10000', theme: 'emerald', Art: MobileArt },
] as const;

export const HERO_INTERVAL_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home banner: an accessible carousel (WAI-ARIA APG pattern). It advances on its own every
 * few seconds, stops while hovered or focused and when the shopper presses pause, and does not
 * auto-advance at all for people who ask for reduced motion. Fixed height: nothing below moves.
 */
export function HeroCarousel(): ReactElement {
  const [current, setCurrent] = useState(0);
  const [userPaused, setUserPaused] = useState(() => prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();
  const count = HERO_SLIDES.length;
  const rotating = !userPaused && !hovered && !focused;

  const go = useCallback((index: number) => setCurrent(((index % count) + count) % count), [count]);

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  return (
    <section
      className={styles.hero}
      aria-roledescription="carousel"
      aria-label="Today's offers"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <button
        type="button"
        className={`${styles.control} ${styles.pause}`}
        onClick={() => setUserPaused((p) => !p)}
        aria-label={userPaused ? 'Start automatic slide show' : 'Stop automatic slide show'}
      >
        {userPaused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
      </button>

      <div id={slidesId} className={styles.viewport} aria-live={rotating ? 'off' : 'polite'}>
        {HERO_SLIDES.map(({ kicker, title, text, theme, Art }, index) => {
          const active = index === current;
          return (
            <div
              key={kicker}
              className={[styles.slide, styles[theme], active ? styles.active : ''].filter(Boolean).join(' ')}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!active}
              inert={!active}
            >
              <div className={styles.copy}>
                <p className={styles.kicker}>{kicker}</p>
                <h2 className={styles.title}>{title}</h2>
                <p className={styles.text}>{text}</p>
                <Link className={styles.cta} to={NEW_ARRIVALS_PATH}>
                  SHOP NOW
                </Link>
              </div>
              <div className={styles.art}>
                <Art />
              </div>
            </div>
          );
        })}
      </div>

      <button
        type="button"
        className={`${styles.control} ${styles.prev}`}
        onClick={() => go(current - 1)}
        aria-controls={slidesId}
        aria-label="Previous slide"
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className={`${styles.control} ${styles.next}`}
        onClick={() => go(current + 1)}
        aria-controls={slidesId}
        aria-label="Next slide"
      >
        <ChevronRightIcon />
      </button>

      <div className={styles.dots} role="group" aria-label="Choose a slide">
        {HERO_SLIDES.map(({ kicker }, index) => (
          <button
            key={kicker}
            type="button"
            className={[styles.dot, index === current ? styles.dotActive : ''].filter(Boolean).join(' ')}
            onClick={() => go(index)}
            aria-controls={slidesId}
            aria-label={`Slide ${index + 1}: ${kicker}`}
            aria-current={index === current ? 'true' : undefined}
          />
        ))}
      </div>
    </section>
  );
}
