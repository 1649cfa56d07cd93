import { useEffect, useState, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { Price, searchProducts, StarRating, useResource, type Product, linkTo } from '@marketplace/shared';
import { ProductPhoto } from '../../components/ProductPhoto';
import ui from '../../styles/ui.module.css';
import styles from './DealOfTheDay.module.css';

/** The spec's two fixed drone products: found by name. */
export function findDrones(products: readonly Product[]): Product[] {
  return products.filter((p) => /drone/i.test(p.productname)).slice(0, 2);
}

/**
 * A bounded search for them: a few more than two, as the search also matches descriptions and
 * categories while the deal shows products named drones.
 */
const DRONE_SEARCH = { productname: 'drone', limit: 4 };

function timeLeftToday(now: Date): { hours: number; minutes: number; seconds: number } {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  const total = Math.max(0, Math.floor((midnight.getTime() - now.getTime()) / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * Today's deal ends at midnight; the box counts down to it. The server's HTML holds the time it was
 * rendered at (its clock, its time zone): the browser's own time replaces it once hydrated.
 */
function DealClock(): ReactElement {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const { hours, minutes, seconds } = timeLeftToday(now);
  return (
    <div
      className={styles.clock}
      role="timer"
      aria-label={`Ends in ${hours} hours ${minutes} minutes`}
      suppressHydrationWarning
    >
      {[
        [hours, 'Hours'],
        [minutes, 'Mins'],
        [seconds, 'Secs'],
      ].map(([value, unit]) => (
        <span key={unit} className={styles.clockCell} aria-hidden="true">
          <strong suppressHydrationWarning>{two(value as number)}</strong>
          <small>{unit}</small>
        </span>
      ))}
    </div>
  );
}

/** Loaded on its own, below TOP TRENDING: the home page does not wait for it, and shows nothing of it if it fails. */
export function DealOfTheDay(): ReactElement | null {
  const found = useResource(() => searchProducts(DRONE_SEARCH), [], { key: 'deal-of-the-day' });
  const drones = found.status === 'ready' ? findDrones(found.data.products) : [];
  if (drones.length === 0) return null;
  return (
    <section aria-labelledby="deal-of-the-day">
      <div className={ui.sectionHead}>
        <h2 id="deal-of-the-day" className={ui.sectionTitle}>
          Deal of the Day
        </h2>
      </div>
      <div className={styles.layout}>
        <div className={styles.box}>
          <p className={styles.boxKicker}>Today only</p>
          <p className={styles.boxTitle}>Fly higher with our drone picks</p>
          <p className={styles.boxText}>Hurry up! Today&apos;s deal ends in:</p>
          <DealClock />
          <Link className={styles.boxCta} to={linkTo('search', { searchKey: 'drone' })}>
            See all drones
          </Link>
        </div>
        {drones.map((drone) => (
          <article key={drone.productid} className={styles.deal}>
            <ProductPhoto
              photo={drone.photo}
              sources={drone.photoSources}
              sizes="(min-width: 1040px) 420px, (min-width: 720px) 50vw, (min-width: 480px) 45vw, 100vw"
              alt={drone.productname}
              className={styles.photo}
            />
            <div className={styles.dealBody}>
              <p className={styles.category}>{drone.title}</p>
              <h3 className={styles.name}>
                <Link to={linkTo('productDetails', { id: drone.productid })} className={styles.nameLink}>
                  {drone.productname}
                </Link>
              </h3>
              <StarRating value={drone.rating} />
              <Price value={drone.price} className={styles.price} />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
