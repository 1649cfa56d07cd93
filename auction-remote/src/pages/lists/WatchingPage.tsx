import { type ReactElement } from 'react';
import { getWatchingPage, type WatchedItem, linkTo } from '@marketplace/shared';
import { AuctionCard } from '../../components/AuctionCard';
import { rememberWatched } from '../../lib/watching';
import { MyListBody, MyListsPage } from './MyLists';
import styles from './MyLists.module.css';

export const WATCHING_EMPTY_TEXT = 'You are not watching any items yet. Press the heart on an item to follow it here.';

const keyOf = (item: WatchedItem): number => item.auctionid;

/** Every item listed is watched: their hearts are pressed without asking (one unwatched here stays until the next visit, its heart not pressed, to watch again). */
const remember = (items: WatchedItem[]): void => rememberWatched(items.map(keyOf));

function WatchingList(): ReactElement {
  return (
    <MyListBody
      read={getWatchingPage}
      keyOf={keyOf}
      onItems={remember}
      what="your watch list"
      empty={{ text: WATCHING_EMPTY_TEXT, link: { to: linkTo('auctionHome'), label: 'Browse the auctions' } }}
      label="Items you watch"
      className={styles.grid}
      more="Load more items"
      row={(item, ref) => <AuctionCard item={item} ref={ref} heart />}
    />
  );
}

/** `/auction/watching`: the items the shopper watches, the latest watched first, each with its heart. */
export function WatchingPage(): ReactElement {
  return (
    <MyListsPage
      path={linkTo('auctionWatching')}
      title="Watching"
      intro="The items you follow, the latest watched first. Press a heart to stop watching."
    >
      <WatchingList />
    </MyListsPage>
  );
}
