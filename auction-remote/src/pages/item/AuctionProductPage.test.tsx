import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type AuctionEvent } from '@marketplace/shared';
import { auctionItem, currentPath, customer, mockApi, signInAs, signOut, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

/** The live stream, stood in for at the edge: tests emit events through it. */
let emit: (event: AuctionEvent) => void;
let reconnect: () => void;
const unsubscribe = jest.fn();

const BIDDER = 5;

beforeEach(() => {
  api.subscribeToAuction.mockImplementation((_id, onEvent, onOpen) => {
    emit = (event) => act(() => onEvent(event));
    reconnect = () => act(() => onOpen?.());
    return unsubscribe;
  });
  api.getUserData.mockResolvedValue(customer({ userid: BIDDER }));
});

afterEach(() => {
  jest.useRealTimers();
  unsubscribe.mockReset();
});

function fact(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

function historyRows(): string[][] {
  const table = within(screen.getByRole('region', { name: 'Bid History' })).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

async function openItem(item = auctionItem()): Promise<void> {
  api.getAuction.mockResolvedValue(item);
  await renderAt(`/auctionproduct/${item.auctionid}`);
  await screen.findByRole('heading', { level: 1, name: item.productname });
}

describe('auction item page', () => {
  it('offers the first photo as AVIF and WebP copies for the page width, the PNG with its width and height as the fallback', async () => {
    const sources = {
      width: 400,
      height: 400,
      avif: 'http://localhost:4000/images/1a-160.avif 160w, http://localhost:4000/images/1a-400.avif 400w',
      webp: 'http://localhost:4000/images/1a-160.webp 160w, http://localhost:4000/images/1a-400.webp 400w',
    };
    // An item of its own: a page read once is kept, and the next tests watch item 1 load.
    await openItem(auctionItem({ auctionid: 41, photoSources: sources }));
    const photo = screen.getByRole('img', { name: 'Sunset over the Ghats (photo 1 of 2)' });
    const offered = [...(photo.closest('picture') as HTMLElement).querySelectorAll('source')];
    expect(offered.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', sources.avif],
      ['image/webp', sources.webp],
    ]);
    for (const s of offered) expect(s.getAttribute('sizes')).toMatch(/100vw$/);
    expect(photo).toHaveAttribute('width', '600');
    expect(photo).toHaveAttribute('height', '600');
    // The copies are the first photo's: the second shows as its PNG.
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2 of 2' }));
    const second = screen.getByRole('img', { name: 'Sunset over the Ghats (photo 2 of 2)' });
    expect(second.closest('picture')).toBeNull();
    expect(second).toHaveAttribute('src', 'http://localhost:4000/images/41b.png');
  });

  it('shows every field of the item, the Contact Agent block and the bid history, newest first', async () => {
    await openItem();
    expect(api.getAuction).toHaveBeenCalledWith(1);

    expect(screen.getByText('Painting')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sunset over the Ghats (photo 1 of 2)' })).toHaveAttribute(
      'src',
      'http://localhost:4000/images/1a.png',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Sunset over the Ghats (photo 2 of 2)' })).toHaveAttribute(
      'src',
      'http://localhost:4000/images/1b.png',
    );

    expect(fact('Current BID')).toBe('Rs. 5,000');
    expect(fact('Highest BID')).toBe('Rs. 5,000');
    expect(fact('Range Lowest BID')).toBe('Rs. 3,000');
    expect(fact('Range Highest BID')).toBe('Rs. 9,000');
    expect(fact('Age of Product')).toBe('25 years');
    expect(screen.getByText(/^Time:/)).toBeInTheDocument();
    expect(screen.getByText(/Oil on canvas, 60 × 90 cm\./)).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Contact Agent' })).toHaveTextContent('Riya Kapoor');
    expect(screen.getByRole('button', { name: 'Add BID' })).toBeInTheDocument();
    expect(historyRows().map(([name, amount]) => [name, amount])).toEqual([
      ['Priya', 'Rs. 5,000'],
      ['Rohan', 'Rs. 4,500'],
    ]);
  });

  it('counts down to the end time every second and reads "Auction closed" once it has passed', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-01T00:00:00.000Z') });
    const end = new Date(Date.now() + ((2 * 24 + 3) * 3600 + 4 * 60 + 6) * 1000).toISOString();
    await openItem(auctionItem({ time: end }));

    const timer = screen.getByRole('timer', { name: 'Time left' });
    act(() => jest.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('Ends in 2d 03:04:05');
    act(() => jest.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('Ends in 2d 03:04:04');

    act(() => jest.advanceTimersByTime(((2 * 24 + 3) * 3600 + 4 * 60 + 4) * 1000));
    expect(timer).toHaveTextContent('Auction closed');
    expect(screen.queryByRole('button', { name: 'Add BID' })).not.toBeInTheDocument();
    expect(screen.getByText('This auction is closed')).toBeInTheDocument();
  });

  it('places a bid: success toast, and the page shows the new current bid and history without leaving', async () => {
    signInAs();
    await openItem();
    api.placeBid.mockResolvedValue(
      auctionItem({
        bid: 6000,
        highbid: 6000,
        bidcount: 3,
        bids: [{ bid: 6000, nickname: 'Asha', at: '2026-01-03T10:00:00.000Z' }, ...auctionItem().bids],
      }),
    );

    await userEvent.type(screen.getByLabelText(/^Your BID/), '6000');
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));

    expect(api.placeBid).toHaveBeenCalledWith(1, 6000);
    expect(await toastKind('Your BID has been placed')).toBe('success');
    expect(fact('Current BID')).toBe('Rs. 6,000');
    expect(historyRows()[0].slice(0, 2)).toEqual(['Asha', 'Rs. 6,000']);
    expect(screen.getByLabelText(/^Your BID/)).toHaveValue('');
    expect(currentPath()).toBe('/auctionproduct/1');
  });

  it("shows the server's message as an error toast when a bid is refused", async () => {
    signInAs();
    await openItem();
    api.placeBid.mockRejectedValue(new ApiError(400, 'Your BID must be higher than the current BID of Rs. 5,000'));

    await userEvent.type(screen.getByLabelText(/^Your BID/), '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));

    expect(await toastKind('Your BID must be higher than the current BID of Rs. 5,000')).toBe('error');
    expect(fact('Current BID')).toBe('Rs. 5,000');
  });

  it('requires a bid before sending anything', async () => {
    signInAs();
    await openItem();
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));
    expect(screen.getByText('Please Enter BID')).toBeInTheDocument();
    expect(api.placeBid).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor who bids to /login, to come back to the item', async () => {
    await openItem();
    await userEvent.type(screen.getByLabelText(/^Your BID/), '6000');
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Fauctionproduct%2F1'));
    expect(api.placeBid).not.toHaveBeenCalled();
  });

  it("follows the item's live events: a new bid updates the current and highest bid and the history, no reload", async () => {
    await openItem();
    expect(api.subscribeToAuction).toHaveBeenCalledWith(1, expect.any(Function), expect.any(Function));

    emit({ type: 'bid', auctionid: 1, bid: 7000, highbid: 7000, nickname: 'Rohan', at: '2026-01-04T10:00:00.000Z' });
    expect(fact('Current BID')).toBe('Rs. 7,000');
    expect(fact('Highest BID')).toBe('Rs. 7,000');
    expect(fact('Bids')).toBe('3');
    expect(historyRows().map(([name, amount]) => [name, amount])).toEqual([
      ['Rohan', 'Rs. 7,000'],
      ['Priya', 'Rs. 5,000'],
      ['Rohan', 'Rs. 4,500'],
    ]);
    expect(screen.getByText('New BID: Rs. 7,000 by Rohan')).toBeInTheDocument();

    // The same event twice (e.g. after a reconnection) is counted once; other items' events are ignored.
    emit({ type: 'bid', auctionid: 1, bid: 7000, highbid: 7000, nickname: 'Rohan', at: '2026-01-04T10:00:00.000Z' });
    emit({ type: 'bid', auctionid: 2, bid: 99000, highbid: 99000, nickname: 'Other', at: '2026-01-05T10:00:00.000Z' });
    expect(historyRows()).toHaveLength(3);
    expect(fact('Current BID')).toBe('Rs. 7,000');
    expect(api.getAuction).toHaveBeenCalledTimes(1);
  });

  it('names the smallest bid taken, from the increment table (Rs. 100 above Rs. 5,000)', async () => {
    signInAs();
    await openItem();
    expect(screen.getByText(/^Enter Rs\. 5,100 or more\./)).toBeInTheDocument();
    emit({ type: 'bid', auctionid: 1, bid: 9950, highbid: 9950, nickname: 'Rohan', at: '2026-01-04T10:00:00.000Z' });
    expect(screen.getByText(/^Enter Rs\. 10,050 or more\./)).toBeInTheDocument();
  });

  it('before any bid, names the starting bid plus one increment: a bid equal to the start is not taken', async () => {
    signInAs();
    await openItem(auctionItem({ bid: 4990, startbid: 4990, highbid: 0, bidcount: 0, bids: [] }));
    expect(screen.getByText(/^Enter Rs\. 5,040 or more\./)).toBeInTheDocument();
  });

  it('marks the bids the server placed for the leader as auto', async () => {
    await openItem();
    emit({ type: 'bid', auctionid: 1, bid: 6000, highbid: 6000, nickname: 'Dev', at: '2026-01-04T10:00:00.000Z' });
    emit({
      type: 'bid',
      auctionid: 1,
      bid: 6100,
      highbid: 6100,
      nickname: 'Priya',
      at: '2026-01-04T10:00:00.000Z',
      auto: true,
    });
    expect(historyRows().map(([name, amount]) => [name, amount])).toEqual([
      ['Priya', 'Rs. 6,100 (auto)'],
      ['Dev', 'Rs. 6,000'],
      ['Priya', 'Rs. 5,000'],
      ['Rohan', 'Rs. 4,500'],
    ]);
  });

  it('counts down to the end a late bid moved (soft close), live', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-01T00:00:00.000Z') });
    const end = new Date(Date.now() + 60_000).toISOString();
    await openItem(auctionItem({ time: end, endsat: end }));
    const timer = screen.getByRole('timer', { name: 'Time left' });
    act(() => jest.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('Ends in 00:00:59');
    emit({
      type: 'bid',
      auctionid: 1,
      bid: 6000,
      highbid: 6000,
      nickname: 'Dev',
      at: new Date(Date.now()).toISOString(),
      auto: false,
      endsat: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    act(() => jest.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('Ends in 00:04:59');
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('button', { name: 'Add BID' })).toBeInTheDocument();
  });

  it('catches up by reloading the item when the stream reconnects', async () => {
    await openItem();
    reconnect(); // the first connection: nothing missed yet
    expect(api.getAuction).toHaveBeenCalledTimes(1);
    api.getAuction.mockResolvedValue(
      auctionItem({
        bid: 8000,
        highbid: 8000,
        bidcount: 3,
        bids: [{ bid: 8000, nickname: 'Dev', at: '2026-01-05T10:00:00.000Z' }, ...auctionItem().bids],
      }),
    );
    reconnect();
    await waitFor(() => expect(fact('Current BID')).toBe('Rs. 8,000'));
    expect(historyRows()[0].slice(0, 2)).toEqual(['Dev', 'Rs. 8,000']);
  });

  it('replaces the form with the closed notice and the winner when the closed event arrives', async () => {
    signInAs();
    await openItem();
    expect(screen.getByRole('button', { name: 'Add BID' })).toBeInTheDocument();

    emit({
      type: 'closed',
      auctionid: 1,
      winner: 9,
      highbid: 5000,
      outcome: 'sold',
      closedat: new Date().toISOString(),
    });
    expect(screen.queryByRole('button', { name: 'Add BID' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Your BID/)).not.toBeInTheDocument();
    expect(screen.getByText('Sold for Rs. 5,000')).toBeInTheDocument();
    expect(screen.getByText('Won by Priya with a BID of Rs. 5,000.')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('Auction closed');
    expect(screen.getByText('Bidding has closed: sold for Rs. 5,000')).toBeInTheDocument();
  });

  it('tells the winner they won, with the way to their order', async () => {
    signInAs();
    await openItem(auctionItem({ status: 'closed', outcome: 'sold', winner: BIDDER }));
    expect(await screen.findByText('You won')).toBeInTheDocument();
    expect(screen.getByText('Congratulations, you won this item with your BID of Rs. 5,000.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay for your order in My Orders' })).toHaveAttribute(
      'href',
      '/myaccount/myorder',
    );
  });

  it('an item that ended unsold says so, live too', async () => {
    signInAs();
    await openItem(auctionItem({ reservemet: false }));
    expect(screen.getByText('Reserve not met')).toBeInTheDocument();
    emit({ type: 'closed', auctionid: 1, winner: null, highbid: 5000, outcome: 'unsold' });
    expect(screen.getByText('Ended unsold')).toBeInTheDocument();
    expect(screen.getByText('No BID met the reserve price.')).toBeInTheDocument();
    expect(screen.getByText('Bidding has closed: the item ended unsold')).toBeInTheDocument();
    expect(screen.queryByText(/Sold for/)).not.toBeInTheDocument();
  });

  it('says whether the reserve is met, never the reserve itself', async () => {
    await openItem(auctionItem({ reservemet: true }));
    expect(screen.getByText('Reserve met')).toBeInTheDocument();
    expect(screen.queryByText('Reserve not met')).not.toBeInTheDocument();
  });

  it('shows no reserve line when the item has none', async () => {
    await openItem(auctionItem({ reservemet: null }));
    expect(screen.queryByText(/^Reserve/)).not.toBeInTheDocument();
  });

  describe('Buy It Now', () => {
    afterEach(() => jest.restoreAllMocks());

    it('buys after confirmation: the server’s toast, and the page shows the win', async () => {
      signInAs();
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
      await openItem(auctionItem({ buynow: 9000, reservemet: false }));
      api.buyItNow.mockResolvedValue({
        msg: 'Bought with Buy It Now: your order is waiting for your address and payment in My Orders',
        item: auctionItem({
          status: 'closed',
          outcome: 'sold',
          winner: BIDDER,
          highbid: 9000,
          bid: 9000,
          buynow: null,
        }),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Buy It Now Rs. 9,000' }));
      expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Rs. 9,000'));
      expect(api.buyItNow).toHaveBeenCalledWith(1);
      expect(
        await toastKind('Bought with Buy It Now: your order is waiting for your address and payment in My Orders'),
      ).toBe('success');
      expect(await screen.findByText('You won')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Buy It Now/ })).not.toBeInTheDocument();
    });

    it('does nothing when the confirmation is declined; a refusal is an error toast', async () => {
      signInAs();
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
      await openItem(auctionItem({ buynow: 9000 }));
      await userEvent.click(screen.getByRole('button', { name: 'Buy It Now Rs. 9,000' }));
      expect(api.buyItNow).not.toHaveBeenCalled();
      confirm.mockReturnValue(true);
      api.buyItNow.mockRejectedValue(new ApiError(409, 'Buy It Now is no longer offered on this item'));
      await userEvent.click(screen.getByRole('button', { name: 'Buy It Now Rs. 9,000' }));
      expect(await toastKind('Buy It Now is no longer offered on this item')).toBe('error');
    });

    it('sends a signed-out visitor to login first', async () => {
      signOut();
      await openItem(auctionItem({ buynow: 9000 }));
      await userEvent.click(screen.getByRole('button', { name: 'Buy It Now Rs. 9,000' }));
      expect(api.buyItNow).not.toHaveBeenCalled();
      expect(currentPath()).toBe('/login?next=%2Fauctionproduct%2F1');
    });

    it('is not offered on the owner’s own item, nor once the item is closed or Buy It Now has gone', async () => {
      signInAs();
      api.getUserData.mockResolvedValue(customer({ userid: 1 }));
      await openItem(auctionItem({ ownerid: 1, buynow: 9000 }));
      expect(screen.queryByRole('button', { name: /Buy It Now/ })).not.toBeInTheDocument();
    });

    it('disappears when the live close arrives', async () => {
      signInAs();
      await openItem(auctionItem({ buynow: 9000 }));
      expect(screen.getByRole('button', { name: 'Buy It Now Rs. 9,000' })).toBeInTheDocument();
      emit({ type: 'closed', auctionid: 1, winner: 9, highbid: 9000, outcome: 'sold' });
      expect(screen.queryByRole('button', { name: /Buy It Now/ })).not.toBeInTheDocument();
    });
  });

  it('stops listening when the page is left', async () => {
    api.getAuction.mockResolvedValue(auctionItem());
    const { unmount } = await renderAt('/auctionproduct/1');
    await screen.findByRole('heading', { level: 1 });
    expect(unsubscribe).not.toHaveBeenCalled();
    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('shows the owner a link to their bidders instead of the bid form', async () => {
    signInAs();
    api.getUserData.mockResolvedValue(customer({ userid: 1 }));
    await openItem(auctionItem({ ownerid: 1 }));
    expect(await screen.findByRole('link', { name: 'See the bidders on your items' })).toHaveAttribute(
      'href',
      '/auctionusers/1',
    );
    expect(screen.queryByRole('button', { name: 'Add BID' })).not.toBeInTheDocument();
  });

  it('says so when the item does not exist', async () => {
    api.getAuction.mockRejectedValue(new ApiError(404, 'Auction item not found'));
    await renderAt('/auctionproduct/999');
    expect(await screen.findByRole('heading', { name: 'Auction item not found' })).toBeInTheDocument();
    expect(api.subscribeToAuction).not.toHaveBeenCalled();
  });
});
