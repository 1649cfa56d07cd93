import { useCallback, useEffect, useId, useState, type ReactElement, type ReactNode } from 'react';
import styles from './Carousel.module.css';

export interface CarouselSlide {
  /** Stable key, also used in the dot button's name ('Slide 2: {label}'). */
  label: string;
  content: ReactNode;
  /** Extra class of this slide (e.g. its background theme). */
  className?: string;
}

interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  slides: readonly CarouselSlide[];
  /** Auto-advance every so many ms; 0 = never. */
  intervalMs?: number;
  /** Class of the outer box; give it a fixed height so nothing below moves. */
  className?: string;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * An accessible slide show (WAI-ARIA APG carousel pattern): previous/next and one button per
 * slide, only the current slide is exposed to assistive technology, automatic rotation stops
 * while hovered or focused, on the pause button, and never starts for people who ask for
 * reduced motion. Slides are stacked in a box of fixed size, so changing slides shifts nothing.
 */
export function Carousel({ label, slides, intervalMs = 6000, className }: CarouselProps): ReactElement {
  const [current, setCurrent] = useState(0);
  // Paused from the start for a reader who asked for less motion (known in the browser only).
  const [userPaused, setUserPaused] = useState(false);
  useEffect(() => {
    if (prefersReducedMotion()) setUserPaused(true);
  }, []);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();
  const count = slides.length;
  const auto = intervalMs > 0 && count > 1;
  const rotating = auto && !userPaused && !hovered && !focused;

  const go = useCallback((index: number) => setCurrent(((index % count) + count) % count), [count]);

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, count, intervalMs]);

  return (
    <section
      className={[styles.carousel, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {auto && (
        <button
          type="button"
          className={`${styles.control} ${styles.pause}`}
          onClick={() => setUserPaused((p) => !p)}
          aria-label={userPaused ? 'Start automatic slide show' : 'Stop automatic slide show'}
        >
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {userPaused ? (
              <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
            ) : (
              <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
            )}
          </svg>
        </button>
      )}

      <div id={slidesId} className={styles.viewport} aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const active = index === current;
          return (
            <div
              key={slide.label}
              className={[styles.slide, slide.className, active ? styles.active : ''].filter(Boolean).join(' ')}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!active}
              inert={!active}
            >
              {slide.content}
            </div>
          );
        })}
      </div>

      {count > 1 && (
        <>
          {([-1, 1] as const).map((step) => (
            <button
              key={step}
              type="button"
              className={`${styles.control} ${step < 0 ? styles.prev : styles.next}`}
              onClick={() => go(current + step)}
              aria-controls={slidesId}
              aria-label={step < 0 ? 'Previous slide' : 'Next slide'}
            >
              <svg
                width="20"
                height="20"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
                focusable="false"
              >
                <path d={step < 0 ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
              </svg>
            </button>
          ))}
          <div className={styles.dots} role="group" aria-label="Choose a slide">
            {slides.map((slide, index) => (
              <button
                key={slide.label}
                type="button"
                className={[styles.dot, index === current ? styles.dotActive : ''].filter(Boolean).join(' ')}
                onClick={() => go(index)}
                aria-controls={slidesId}
                aria-label={`Slide ${index + 1}: ${slide.label}`}
                aria-current={index === current ? 'true' : undefined}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
