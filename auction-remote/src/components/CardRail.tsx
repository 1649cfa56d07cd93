import { Children, useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import styles from './CardRail.module.css';

/**
 * A horizontal row of cards that scrolls (touch, trackpad, keyboard focus, or the arrow
 * buttons, which scroll one view at a time and disable themselves at either end).
 */
export function CardRail({ label, children }: { label: string; children: ReactNode }): ReactElement {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    measure();
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, children]);

  const scroll = (direction: 1 | -1): void => {
    const el = track.current;
    el?.scrollBy?.({ left: direction * el.clientWidth * 0.9, behavior: 'smooth' });
  };

  const overflowing = !(edges.start && edges.end);
  return (
    <div className={styles.rail}>
      <ul ref={track} className={styles.track} aria-label={label} onScroll={measure}>
        {Children.map(children, (child) => (
          <li className={styles.item}>{child}</li>
        ))}
      </ul>
      {overflowing && (
        <div className={styles.controls}>
          {([-1, 1] as const).map((direction) => (
            <button
              key={direction}
              type="button"
              className={styles.arrow}
              onClick={() => scroll(direction)}
              disabled={direction < 0 ? edges.start : edges.end}
              aria-label={`Scroll ${label} ${direction < 0 ? 'back' : 'forward'}`}
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
                <path d={direction < 0 ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
              </svg>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
