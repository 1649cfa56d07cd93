import { useEffect, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import {
  AUCTION_HOME_PATH,
  AUCTION_WATCHING_PATH,
  getWatchingPage,
  LoadFailed,
  Loading,
  LoadMore,
  type WatchedItem,
} from '@marketplace/shared';
import { AuctionCard } from '../../components/AuctionCard';
import { rememberWatched } from '../../lib/watching';
import ui from '../../styles/ui.module.css';
import { MyListsPage, useMyList } from './MyLists';
import styles from './MyLists.module.css';

export const WATCHING_EMPTY_TEXT = 'You are not watching any items yet. Press the heart on an item to follow it here.';

function WatchingList(): ReactElement {
  const list = useMyList(getWatchingPage, (item: WatchedItem) => item.auctionid);
  const items = list.items;
  // Every item listed is watched: their hearts are pressed without asking. One unwatched here stays until the next visit, its heart not pressed, to watch again.
  useEffect(() => {
    if (items) rememberWatched(items.map((item) => item.auctionid));
  }, [items]);
  if (list.status === 'failed')
    return (
      <LoadFailed onRetry={list.reload} what="Your watch list could not be loaded." buttonClassName={ui.btnOutline} />
    );
  if (items === null) return <Loading label="Loading your watch list" minHeight={360} />;
  if (items.length === 0)
    return (
      <div className={styles.empty}>
        <p>{WATCHING_EMPTY_TEXT}</p>
        <Link className={ui.btn} to={AUCTION_HOME_PATH}>
          Browse the auctions
        </Link>
      </div>
    );
  return (
    <>
      <ul className={styles.grid} aria-label="Items you watch">
        {items.map((item) => (
          <li key={item.auctionid}>
            <AuctionCard item={item} ref={list.itemRef(item.auctionid)} heart />
          </li>
        ))}
      </ul>
      <LoadMore list={list} label="Load more items" buttonClassName={ui.btnOutline} />
    </>
  );
}

/** `/auction/watching`: the items the shopper watches, the latest watched first, each with its heart. */
export function WatchingPage(): ReactElement {
  return (
    <MyListsPage
      path={AUCTION_WATCHING_PATH}
      title="Watching"
      intro="The items you follow, the latest first. We tell you an hour before each one ends."
    >
      <WatchingList />
    </MyListsPage>
  );
}
