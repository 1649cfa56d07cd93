import { useId, useState, type ReactElement, type Ref } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  Breadcrumb,
  fieldStyles,
  getReviewsPage,
  LoadFailed,
  Loading,
  LoadMore,
  notify,
  useIsSignedIn,
  usePageMeta,
  usePagedList,
  useStartCursor,
  type PageMeta,
  type Review,
  linkTo,
} from '@marketplace/shared';
import { SOMETHING_WRONG_TOAST } from '../../lib/failures';
import ui from '../../styles/ui.module.css';
import styles from './Reviews.module.css';

/** Static sidebar content (spec: search, categories and tags are static). */
const CATEGORIES = ['Electronics', 'Accessories', 'Clothing', 'Mobiles', 'Headphones', 'Drones'];
const TAGS = ['quality', 'delivery', 'price', 'service', 'packaging', 'value', 'fashion', 'gadgets'];

export function keywordsOf(review: Review): string[] {
  return Array.from(new Set(review.keywords.split(/\s+/).filter(Boolean)));
}

function matches(review: Review, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${review.name} ${review.title} ${review.description} ${review.keywords}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** 'YYYY-MM-DD' as '12 Mar 2025' (the date as written when it cannot be read). */
export function displayDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime())
    ? date
    : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

function ReviewCard({ review, ref }: { review: Review; ref?: Ref<HTMLElement> }): ReactElement {
  const initial = review.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <article ref={ref} className={styles.review} aria-labelledby={`review-${review.reviewid}`}>
      <header className={styles.head}>
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
        <div className={styles.meta}>
          <p className={styles.name}>{review.name}</p>
          <time className={styles.date} dateTime={review.date}>
            {displayDate(review.date)}
          </time>
        </div>
      </header>
      <h2 id={`review-${review.reviewid}`} className={styles.title}>
        {review.title}
      </h2>
      <p className={styles.description}>{review.description}</p>
      {keywordsOf(review).length > 0 && (
        <ul className={styles.tags} aria-label="Keywords">
          {keywordsOf(review).map((k) => (
            <li key={k} className={styles.tag}>
              {k}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function Sidebar({ query, onQuery }: { query: string; onQuery(q: string): void }): ReactElement {
  const searchId = useId();
  return (
    <aside className={styles.sidebar} aria-label="Review sidebar">
      <section className={styles.widget}>
        <h2 className={styles.widgetTitle}>
          <label htmlFor={searchId}>Search</label>
        </h2>
        <input
          id={searchId}
          type="search"
          className={fieldStyles.control}
          placeholder="Search reviews"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
      </section>
      <section className={styles.widget} aria-labelledby="review-categories">
        <h2 id="review-categories" className={styles.widgetTitle}>
          Categories
        </h2>
        <ul className={styles.categories}>
          {CATEGORIES.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </section>
      <section className={styles.widget} aria-labelledby="review-tags">
        <h2 id="review-tags" className={styles.widgetTitle}>
          Tags
        </h2>
        <ul className={styles.tags}>
          {TAGS.map((t) => (
            <li key={t} className={styles.tag}>
              {t}
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}

/** The reviews page's title and description, naming the newest reviews once they are loaded. */
export function reviewsMeta(loaded: readonly Review[] | null): PageMeta {
  const titles = (loaded ?? []).slice(0, 3).map((review) => `"${review.title}"`);
  return {
    title: 'Customer Reviews',
    description: `What our shoppers say about their orders.${titles.length > 0 ? ` Latest: ${titles.join(', ')}.` : ''}`,
    path: linkTo('review'),
  };
}

/**
 * `/review`: the reviews, newest first (the most recently added, as the API pages them), a page
 * at a time with Load more; 'Add Review' only for a signed-in customer.
 */
export function ReviewsPage(): ReactElement {
  const signedIn = useIsSignedIn();
  const start = useStartCursor();
  const reviews = usePagedList(getReviewsPage, [], {
    keyOf: (review) => review.reviewid,
    key: `reviews:${start ?? ''}`,
    start,
    onMoreFailed: () => notify(SOMETHING_WRONG_TOAST),
  });
  const [query, setQuery] = useState('');

  const loaded = reviews.items;
  const shown = loaded ? loaded.filter((r) => matches(r, query)) : [];
  usePageMeta(reviewsMeta(loaded));

  return (
    <div className={ui.page}>
      <Breadcrumb page="Review" />
      <div className={styles.top}>
        <div>
          <h1 className={styles.pageTitle}>Customer Reviews</h1>
          <p className={styles.intro}>What our shoppers say about their orders.</p>
        </div>
        {signedIn && (
          <Link to={linkTo('addReview')} className={ui.button}>
            Add Review
          </Link>
        )}
      </div>
      <div className={styles.layout}>
        <div className={styles.list}>
          {reviews.status === 'loading' && <Loading label="Loading reviews" minHeight="70vh" />}
          {reviews.status === 'failed' && <LoadFailed onRetry={reviews.reload} buttonClassName={ui.buttonOutline} />}
          {loaded && loaded.length === 0 && <p className={styles.none}>No reviews yet.</p>}
          {loaded && loaded.length > 0 && shown.length === 0 && (
            <p className={styles.none}>
              No reviews {reviews.hasMore ? 'loaded so far ' : ''}match &quot;{query.trim()}&quot;.
            </p>
          )}
          {shown.map((review) => (
            <ReviewCard key={review.reviewid} review={review} ref={reviews.itemRef(review.reviewid)} />
          ))}
          <LoadMore list={reviews} label="Load more reviews" buttonClassName={ui.buttonOutline} />
        </div>
        <Sidebar query={query} onQuery={setQuery} />
      </div>
    </div>
  );
}
