import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type AuctionItem, type Page } from '@marketplace/shared';
import { auctionItem, customer, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();
const lastPage = (items: AuctionItem[]): Page<AuctionItem> => ({ items, next: null });

const ITEMS = [
  auctionItem({ auctionid: 1, productname: 'Sunset over the Ghats', bid: 5000, rangelowbid: 3000, rangehighbid: 9000 }),
  auctionItem({
    auctionid: 2,
    productname: '1918 One Rupee Note',
    category: 'Currancy',
    bid: 1200,
    rangelowbid: 999,
    rangehighbid: 2500,
  }),
  auctionItem({
    auctionid: 3,
    productname: 'Signed Cricket Bat',
    category: 'Sports Items',
    status: 'closed',
    winner: 2,
    bid: 15000,
    rangelowbid: 9999,
    rangehighbid: 20000,
  }),
];

function card(name: string): HTMLElement {
  return screen.getByRole('heading', { name, level: 3 }).closest('article') as HTMLElement;
}

describe('auction home', () => {
  it('shows a loading indicator, then a card per item with the current bid, the estimate and a view link', async () => {
    api.getAuctionsPage.mockResolvedValue(lastPage(ITEMS));
    await renderAt('/auctionhome');

    const lots = screen.getByRole('region', { name: 'Latest Paintings' });
    expect(within(lots).getByRole('status')).toHaveTextContent('Loading auction items');

    const list = await within(lots).findByRole('list', { name: 'Auction items' });
    expect(within(lots).queryByRole('status')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    const painting = card('Sunset over the Ghats');
    expect(within(painting).getByText('Current BID: Rs. 5,000')).toBeInTheDocument();
    expect(within(painting).getByText('Rs. 3,000 to Rs. 9,000')).toBeInTheDocument();
    expect(within(painting).queryByText('Closed')).not.toBeInTheDocument();
    const photo = within(painting).getByRole('img', { name: 'Sunset over the Ghats' });
    expect(photo).toHaveAttribute('src', 'http://localhost:4000/images/1a.png');
    expect(photo).toHaveAttribute('width', '400');
    expect(photo).toHaveAttribute('height', '300');
    const view = within(painting).getByRole('link', { name: /Click here to view/ });
    expect(view).toHaveTextContent('Click here to view');
    expect(view).toHaveAttribute('href', '/auctionproduct/1');

    expect(within(card('1918 One Rupee Note')).getByText('Current BID: Rs. 1,200')).toBeInTheDocument();
    expect(within(card('1918 One Rupee Note')).getByText('Rs. 999 to Rs. 2,500')).toBeInTheDocument();
    expect(within(card('Signed Cricket Bat')).getByText('Closed')).toBeInTheDocument();
    expect(within(card('Signed Cricket Bat')).getByRole('link', { name: /Click here to view/ })).toHaveAttribute(
      'href',
      '/auctionproduct/3',
    );
  });

  it("offers each card's photo as AVIF and WebP copies sized for the card, the PNG with its width and height as the fallback", async () => {
    const sources = {
      width: 400,
      height: 400,
      avif: 'http://localhost:4000/images/1a-160.avif 160w, http://localhost:4000/images/1a-400.avif 400w',
      webp: 'http://localhost:4000/images/1a-160.webp 160w, http://localhost:4000/images/1a-400.webp 400w',
    };
    api.getAuctionsPage.mockResolvedValue(lastPage([{ ...ITEMS[0], photoSources: sources }, ITEMS[1]]));
    await renderAt('/auctionhome');
    await screen.findByRole('list', { name: 'Auction items' });

    const photo = within(card('Sunset over the Ghats')).getByRole('img', { name: 'Sunset over the Ghats' });
    const offered = [...(photo.closest('picture') as HTMLElement).querySelectorAll('source')];
    expect(offered.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', sources.avif],
      ['image/webp', sources.webp],
    ]);
    // Most of a phone's width in the rail, a quarter of the page on a wide screen.
    for (const s of offered) expect(s.getAttribute('sizes')).toMatch(/78vw/);
    expect(photo).toHaveAttribute('src', 'http://localhost:4000/images/1a.png');
    expect(photo).toHaveAttribute('width', '400');
    expect(photo).toHaveAttribute('height', '300');
    const note = within(card('1918 One Rupee Note')).getByRole('img', { name: '1918 One Rupee Note' });
    expect(note.closest('picture')).toBeNull();
  });

  it("loads the first card's photo at once, before all others (the page's largest paint); the others when near", async () => {
    api.getAuctionsPage.mockResolvedValue(lastPage(ITEMS));
    await renderAt('/auctionhome');
    const rail = await screen.findByRole('list', { name: 'Auction items' });
    const photos = within(rail).getAllByRole('img', { name: (name) => ITEMS.some((i) => i.productname === name) });
    expect(photos.map((p) => [p.getAttribute('loading'), p.getAttribute('fetchpriority')])).toEqual(
      photos.map((_, i) => (i === 0 ? ['eager', 'high'] : ['lazy', null])),
    );
  });

  it("says 'Something went wrong ...' and keeps the spinner when the list fails, and can try again", async () => {
    api.getAuctionsPage.mockRejectedValueOnce(new ApiError(0, 'Network Error')).mockResolvedValueOnce(lastPage(ITEMS));
    await renderAt('/auctionhome');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong ...');
    const lots = screen.getByRole('region', { name: 'Latest Paintings' });
    expect(within(lots).getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Auction items' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Signed Cricket Bat' })).toBeInTheDocument();
    expect(api.getAuctionsPage).toHaveBeenCalledTimes(2);
  });

  it('shows neither owner button without a login token', async () => {
    api.getAuctionsPage.mockResolvedValue(lastPage(ITEMS));
    await renderAt('/auctionhome');
    await screen.findByRole('list', { name: 'Auction items' });

    expect(screen.queryByRole('link', { name: 'Add To Auction Product' })).not.toBeInTheDocument();
    expect(screen.queryByText('Show My Auction Product')).not.toBeInTheDocument();
    expect(api.getUserData).not.toHaveBeenCalled();
  });

  it("with a session, links 'Add To Auction Product' to /addauction and 'Show My Auction Product' to the user's bidders", async () => {
    signInAs();
    api.getUserData.mockResolvedValue(customer({ userid: 7 }));
    api.getAuctionsPage.mockResolvedValue(lastPage(ITEMS));
    await renderAt('/auctionhome');

    expect(screen.getByRole('link', { name: 'Add To Auction Product' })).toHaveAttribute('href', '/addauction');
    expect(await screen.findByRole('link', { name: 'Show My Auction Product' })).toHaveAttribute(
      'href',
      '/auctionusers/7',
    );
  });

  it('is also served at /auction, with an Auction heading, the three category slides and the static news', async () => {
    api.getAuctionsPage.mockResolvedValue(lastPage([]));
    await renderAt('/auction');

    expect(screen.getByRole('heading', { level: 1, name: /auction/i })).toBeVisible();
    const banner = screen.getByRole('region', { name: 'Auction categories' });
    expect(banner).toHaveTextContent(/Paintings.*Starting from Rs\. 499/);
    expect(banner).toHaveTextContent(/Coins and Currency Notes.*Starting from Rs\. 999/);
    expect(banner).toHaveTextContent(/Sports Items.*Starting from Rs\. 9,999/);
    // Only the current slide is exposed; the others are hidden from assistive technology.
    expect(within(banner).getAllByRole('group', { name: /of 3/ })).toHaveLength(1);

    await userEvent.click(within(banner).getByRole('button', { name: 'Next slide' }));
    expect(within(banner).getByRole('group', { name: '2 of 3' })).toHaveTextContent('Starting from Rs. 999');

    expect(await screen.findByText('No items are up for auction yet.')).toBeInTheDocument();
    const news = screen.getByRole('region', { name: 'Latest News' });
    expect(within(news).getAllByRole('article').length).toBeGreaterThanOrEqual(3);
  });
});

describe('auction home, a page at a time', () => {
  const names = (): string[] =>
    within(screen.getByRole('list', { name: 'Auction items' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent ?? '');

  it('shows the first page, then appends the next one with Load more items (its cursor) until none follows', async () => {
    const user = userEvent.setup();
    const older = auctionItem({ auctionid: 0, productname: 'Old Brass Coin', category: 'Currancy', status: 'closed' });
    api.getAuctionsPage
      .mockResolvedValueOnce({ items: ITEMS.slice(0, 2), next: 'a1' })
      .mockResolvedValueOnce(lastPage([ITEMS[2], older]));
    await renderAt('/auctionhome');
    await screen.findByRole('list', { name: 'Auction items' });
    expect(api.getAuctionsPage).toHaveBeenCalledTimes(1);
    expect(api.getAuctions).not.toHaveBeenCalled();
    expect(names()).toEqual(['Sunset over the Ghats', '1918 One Rupee Note']);
    expect(screen.getByText('2 lots, 2 open for bids, more to load')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more items' }));
    await waitFor(() => expect(names()).toHaveLength(4));
    expect(api.getAuctionsPage).toHaveBeenLastCalledWith({ cursor: 'a1' });
    expect(names()).toEqual(['Sunset over the Ghats', '1918 One Rupee Note', 'Signed Cricket Bat', 'Old Brass Coin']);
    expect(screen.getByText('4 lots, 2 open for bids')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more items' })).not.toBeInTheDocument();
    expect(card('Signed Cricket Bat')).toHaveFocus();
  });

  it('shows an item that ended between two pages once, as it now stands; the button is busy and disabled meanwhile', async () => {
    const user = userEvent.setup();
    let answer: (page: Page<AuctionItem>) => void = () => undefined;
    api.getAuctionsPage
      .mockResolvedValueOnce({ items: ITEMS.slice(0, 2), next: 'a1' })
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderAt('/auctionhome');
    await screen.findByRole('list', { name: 'Auction items' });

    await user.click(screen.getByRole('button', { name: 'Load more items' }));
    const busy = screen.getByRole('button', { name: 'Loading…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    const ended = { ...ITEMS[0], status: 'closed' as const };
    act(() => answer({ items: [ITEMS[2], ended], next: 'a2' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(names()).toEqual(['Sunset over the Ghats', '1918 One Rupee Note', 'Signed Cricket Bat']);
    expect(within(card('Sunset over the Ghats')).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more items' })).toBeEnabled();
  });

  it("keeps the items shown and says 'Something went wrong ...' when the next page fails", async () => {
    const user = userEvent.setup();
    api.getAuctionsPage
      .mockResolvedValueOnce({ items: ITEMS, next: 'a1' })
      .mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    await renderAt('/auctionhome');
    await screen.findByRole('list', { name: 'Auction items' });
    await user.click(screen.getByRole('button', { name: 'Load more items' }));
    expect(await toastKind('Something went wrong ...')).toBe('error');
    expect(names()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Load more items' })).toBeEnabled();
  });
});
