import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type MyBidRow, type SellingRow, type WatchedItem } from '@marketplace/shared';
import { currentPath, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { resetWatching } from '../../lib/watching';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();
afterEach(resetWatching);

const FUTURE = new Date(Date.now() + 26 * 3600_000).toISOString();
const PAST = '2026-01-05T10:00:00.000Z';

function watched(auctionid: number, productname: string): WatchedItem {
  return {
    auctionid,
    productname,
    category: 'Painting',
    photo: `http://localhost:4000/images/${auctionid}a.png`,
    bid: 5000,
    rangelowbid: 3000,
    rangehighbid: 9000,
    status: 'open',
    endsat: FUTURE,
    bidcount: 2,
    watchedat: PAST,
  };
}

function myBid(overrides: Partial<MyBidRow>): MyBidRow {
  return {
    auctionid: 1,
    productname: 'Sunset over the Ghats',
    photo: 'http://localhost:4000/images/1a.png',
    state: 'leading',
    price: 5000,
    yourbid: 5000,
    yourmax: null,
    nextbid: null,
    reservemet: null,
    endsat: FUTURE,
    closedat: null,
    ...overrides,
  };
}

function selling(overrides: Partial<SellingRow>): SellingRow {
  return {
    auctionid: 1,
    productname: 'Sunset over the Ghats',
    photo: 'http://localhost:4000/images/1a.png',
    state: 'open',
    bidcount: 0,
    price: 4000,
    leader: null,
    reservemet: null,
    endsat: FUTURE,
    closedat: null,
    ...overrides,
  };
}

const row = (name: string): HTMLElement => screen.getByRole('article', { name });
function fact(within_: HTMLElement, term: string): string {
  const dt = within(within_).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('the shopper’s auction lists', () => {
  it.each(['/auction/watching', '/auction/mybids', '/auction/selling'])(
    '%s sends a visitor to /login, which brings them back',
    async (path) => {
      await renderAt(path);
      await waitFor(() => expect(currentPath()).toBe(`/login?next=${encodeURIComponent(path)}`));
    },
  );

  it('Watching: the watched items as cards with pressed hearts, Load more, and the tabs between the lists', async () => {
    signInAs();
    api.getWatchingPage
      .mockResolvedValueOnce({ items: [watched(4, 'Brass lamp'), watched(2, 'Old map')], next: 'c1' })
      .mockResolvedValueOnce({ items: [watched(1, 'Silver coin')], next: null });
    api.unwatchAuction.mockResolvedValue({ msg: 'Removed from your watch list', watching: false, count: 2 });
    await renderAt('/auction/watching');
    expect(screen.getByRole('heading', { level: 1, name: 'Watching' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Items you watch' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Brass lamp', 'Old map']);
    expect(within(list).getByRole('button', { name: 'Stop watching Brass lamp' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(api.getWatchedAmong).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Load more items' }));
    expect(await within(list).findByRole('heading', { level: 3, name: 'Silver coin' })).toBeInTheDocument();
    expect(api.getWatchingPage).toHaveBeenLastCalledWith({ cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more items' })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'Stop watching Old map' }));
    expect(api.unwatchAuction).toHaveBeenCalledWith(2);
    expect(await toastKind('Removed from your watch list')).toBe('success');
    expect(within(list).getByRole('button', { name: 'Watch Old map' })).toHaveAttribute('aria-pressed', 'false');

    const tabs = screen.getByRole('navigation', { name: 'Your auctions' });
    expect(within(tabs).getByRole('link', { name: 'Watching' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'My bids' })).toHaveAttribute('href', '/auction/mybids');
    expect(within(tabs).getByRole('link', { name: 'Selling' })).toHaveAttribute('href', '/auction/selling');
  });

  it('Watching: empty, with a way to the auctions', async () => {
    signInAs();
    api.getWatchingPage.mockResolvedValue({ items: [], next: null });
    await renderAt('/auction/watching');
    expect(
      await screen.findByText('You are not watching any items yet. Press the heart on an item to follow it here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the auctions' })).toHaveAttribute('href', '/auctionhome');
  });

  it('My bids: each state in words, the maximum only while leading, a bid link when outbid, My Orders when won', async () => {
    signInAs();
    api.getMyBidsPage
      .mockResolvedValueOnce({
        items: [
          myBid({ auctionid: 1, productname: 'Leading lot', yourmax: 7500, reservemet: false }),
          myBid({
            auctionid: 2,
            productname: 'Outbid lot',
            state: 'outbid',
            price: 6000,
            yourbid: 5500,
            nextbid: 6100,
          }),
        ],
        next: 'c1',
      })
      .mockResolvedValueOnce({
        items: [
          myBid({ auctionid: 3, productname: 'Won lot', state: 'won', price: 8000, closedat: PAST, endsat: PAST }),
          myBid({ auctionid: 4, productname: 'Lost lot', state: 'lost', price: 9000, closedat: PAST, endsat: PAST }),
        ],
        next: null,
      });
    await renderAt('/auction/mybids');
    await screen.findByRole('list', { name: 'Items you bid on' });

    const leading = row('Leading lot');
    expect(within(leading).getByText('Leading')).toBeInTheDocument();
    expect(fact(leading, 'Your maximum')).toBe('Rs. 7,500');
    expect(fact(leading, 'Reserve')).toBe('Reserve not met');
    expect(fact(leading, 'Time')).toMatch(/^Ends in 1d 0[12]:\d\d:\d\d$/);

    const outbid = row('Outbid lot');
    expect(within(outbid).getByText('Outbid — next bid Rs. 6,100')).toBeInTheDocument();
    expect(within(outbid).queryByText('Your maximum')).toBeNull();
    expect(fact(outbid, 'Current BID')).toBe('Rs. 6,000');
    expect(fact(outbid, 'Your BID')).toBe('Rs. 5,500');
    expect(within(outbid).getByRole('link', { name: 'Bid Rs. 6,100 or more on Outbid lot' })).toHaveAttribute(
      'href',
      '/auctionproduct/2',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more bids' }));
    const won = await screen.findByRole('article', { name: 'Won lot' });
    expect(within(won).getByText('Won')).toBeInTheDocument();
    expect(fact(won, 'Winning BID')).toBe('Rs. 8,000');
    expect(within(won).getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/myaccount/myorder');
    const lost = row('Lost lot');
    expect(within(lost).getByText('Lost')).toBeInTheDocument();
    expect(within(lost).queryByRole('link', { name: /Bid|My Orders/ })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('My bids: empty, with a way to find something to bid on; a failure offers Try again', async () => {
    signInAs();
    api.getMyBidsPage.mockRejectedValueOnce(new ApiError(500, 'boom')).mockResolvedValue({ items: [], next: null });
    await renderAt('/auction/mybids');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not bid on any items yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find something to bid on' })).toHaveAttribute('href', '/auctionhome');
  });

  it('Selling: state, bids, price, leader or buyer, the reserve, the countdown or the closing date', async () => {
    signInAs();
    api.getSellingPage.mockResolvedValue({
      items: [
        selling({ auctionid: 5, productname: 'Quiet lot' }),
        selling({
          auctionid: 4,
          productname: 'Running lot',
          bidcount: 3,
          price: 4600,
          leader: 'Yamini',
          reservemet: true,
        }),
        selling({
          auctionid: 3,
          productname: 'Sold lot',
          state: 'sold',
          bidcount: 5,
          price: 8000,
          leader: 'Xavier',
          closedat: PAST,
          endsat: PAST,
        }),
        selling({
          auctionid: 2,
          productname: 'Unsold lot',
          state: 'unsold',
          bidcount: 1,
          price: 4100,
          reservemet: false,
          closedat: PAST,
          endsat: PAST,
        }),
      ],
      next: null,
    });
    await renderAt('/auction/selling');
    await screen.findByRole('list', { name: 'Items you sell' });

    const quiet = row('Quiet lot');
    expect(within(quiet).getByText('Open')).toBeInTheDocument();
    expect(fact(quiet, 'Leader')).toBe('No bids yet');
    expect(within(quiet).queryByText('Reserve', { selector: 'dt' })).toBeNull();

    const running = row('Running lot');
    expect(fact(running, 'Bids')).toBe('3');
    expect(fact(running, 'Current BID')).toBe('Rs. 4,600');
    expect(fact(running, 'Leader')).toBe('Yamini');
    expect(fact(running, 'Reserve')).toBe('Reserve met');
    expect(fact(running, 'Time')).toMatch(/^Ends in 1d/);

    const sold = row('Sold lot');
    expect(within(sold).getByText('Sold')).toBeInTheDocument();
    expect(fact(sold, 'Sold for')).toBe('Rs. 8,000');
    expect(fact(sold, 'Buyer')).toBe('Xavier');
    expect(fact(sold, 'Closed')).toMatch(/5 Jan 2026/);

    const unsold = row('Unsold lot');
    expect(within(unsold).getByText('Unsold')).toBeInTheDocument();
    expect(fact(unsold, 'Reserve')).toBe('Reserve not met');
    expect(screen.queryByRole('button', { name: 'Load more items' })).toBeNull();
  });

  it('Selling: empty, with the way to put an item up', async () => {
    signInAs();
    api.getSellingPage.mockResolvedValue({ items: [], next: null });
    await renderAt('/auction/selling');
    expect(await screen.findByText('You have not put any items up for auction yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add To Auction Product' })).toHaveAttribute('href', '/addauction');
  });

  it('a dead login signs out with the server’s message and goes to /login', async () => {
    signInAs();
    api.getSellingPage.mockRejectedValue(new ApiError(401, 'Session expired, please login again'));
    await renderAt('/auction/selling');
    expect(await toastKind('Session expired, please login again')).toBe('error');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fauction%2Fselling'));
  });
});
