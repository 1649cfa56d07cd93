import { type ReactElement } from 'react';
import styles from './AuctionProductPage.module.css';

/** The spec's 'Contact Agent' block: fixed placeholder content. */
export function ContactAgent(): ReactElement {
  return (
    <aside className={styles.agent} aria-labelledby="contact-agent">
      <h2 id="contact-agent" className={styles.agentTitle}>
        Contact Agent
      </h2>
      <div className={styles.agentWho}>
        <span className={styles.avatar} aria-hidden="true">
          RK
        </span>
        <div>
          <p className={styles.agentName}>Riya Kapoor</p>
          <p className={styles.agentRole}>Auction Specialist</p>
        </div>
      </div>
      <ul className={styles.agentList}>
        <li>
          <span>Phone</span> +91 98765 43210
        </li>
        <li>
          <span>Email</span> auctions@marketplace.example
        </li>
        <li>
          <span>Hours</span> 9 AM to 7 PM, 5 days a week
        </li>
      </ul>
      <p className={styles.agentNote}>
        Questions about condition, provenance or delivery? Our agent answers within one working day.
      </p>
    </aside>
  );
}
