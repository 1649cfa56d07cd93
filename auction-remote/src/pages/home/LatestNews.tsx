import { type ReactElement } from 'react';
import { CardRail } from '../../components/CardRail';
import ui from '../../styles/ui.module.css';
import styles from './LatestNews.module.css';

/** Static sample news (spec: the Latest News carousel is static). */
export const NEWS = [
  {
    date: '2024-03-18',
    label: '18 March 2024',
    title: 'Spring art week: 40 new paintings listed',
    text: 'Oils, watercolours and prints from new artists, with low opening bids all week.',
    theme: 'newsA',
  },
  {
    date: '2024-03-04',
    label: '4 March 2024',
    title: 'How to spot a genuine old currency note',
    text: 'Watermarks, paper and serial numbers: a collector’s checklist before you bid.',
    theme: 'newsB',
  },
  {
    date: '2024-02-21',
    label: '21 February 2024',
    title: 'Signed cricket memorabilia comes to auction',
    text: 'Match-used bats and signed jerseys, each with the seller’s story behind it.',
    theme: 'newsC',
  },
  {
    date: '2024-02-02',
    label: '2 February 2024',
    title: 'Bidding tips for your first auction',
    text: 'Set your limit, watch the live bids, and let the owner approve the winner.',
    theme: 'newsD',
  },
] as const;

export function LatestNews(): ReactElement {
  return (
    <section aria-labelledby="latest-news">
      <div className={ui.head}>
        <h2 id="latest-news" className={ui.title}>
          Latest News
        </h2>
      </div>
      <CardRail label="Latest news">
        {NEWS.map((post) => (
          <article key={post.title} className={styles.post}>
            <div className={`${styles.art} ${styles[post.theme]}`} aria-hidden="true" />
            <div className={styles.body}>
              <time className={styles.date} dateTime={post.date}>
                {post.label}
              </time>
              <h3 className={styles.title}>{post.title}</h3>
              <p className={styles.text}>{post.text}</p>
            </div>
          </article>
        ))}
      </CardRail>
    </section>
  );
}
