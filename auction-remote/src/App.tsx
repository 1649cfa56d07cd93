import { type ReactElement } from 'react';
import { AreaRoutes, Breadcrumb } from '@marketplace/shared';
import styles from './App.module.css';

/** The auction area arrives with its own issue; until then its routes say so plainly. */
function AuctionComingSoon(): ReactElement {
  return (
    <section className={styles.page}>
      <Breadcrumb page="Auction" />
      <h1>Auctions</h1>
      <p>Auctions for paintings, coins and currency notes, and sports items are coming soon.</p>
    </section>
  );
}

export default function AuctionApp(): ReactElement {
  return (
    <AreaRoutes
      pages={{
        '/auction': AuctionComingSoon,
        '/auctionhome': AuctionComingSoon,
        '/addauction': AuctionComingSoon,
        '/auctionproduct/:id': AuctionComingSoon,
        '/auctionusers/:id': AuctionComingSoon,
      }}
    />
  );
}
