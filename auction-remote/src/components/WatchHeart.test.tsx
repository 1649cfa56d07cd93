import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@marketplace/shared/router';
import userEvent from '@testing-library/user-event';
import { ApiError, type AuctionItem, type Page } from '@marketplace/shared';
import { auctionItem, currentPath, customer, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { resetWatching } from '../lib/watching';
import { AuctionCard } from './AuctionCard';
import { renderAt } from '../testing/renderAt';

const api = mockApi();
const ME = 7;
const lastPage = (items: AuctionItem[]): Page<AuctionItem> => ({ items, next: null });
const ITEMS = [
  auctionItem({ auctionid: 1, productname: 'Sunset over the Ghats', ownerid: 2 }),
  auctionItem({ auctionid: 2, productname: '1918 One Rupee Note', ownerid: 3 }),
  auctionItem({ auctionid: 3, productname: 'My own bat', ownerid: ME }),
];

beforeEach(() => {
  api.getUserData.mockResolvedValue(customer({ userid: ME }));
  api.subscribeToAuction.mockReturnValue(() => undefined);
});
afterEach(resetWatching);

function card(name: string): HTMLElement {
  return screen.getByRole('heading', { name, level: 3 }).closest('article') as HTMLElement;
}

describe('the watch heart', () => {
  it('signed out: each card has a heart that signs in first and comes back, and nothing is asked', async () => {
    api.getAuctionsPage.mockResolvedValue(lastPage(ITEMS));
    await renderAt('/auctionhome');
    await screen.findByRole('list', { name: 'Auction items' });
    const heart = within(card('Sunset over the Ghats')).getByRole('link', { name: 'Watch Sunset over the Ghats' });
    await userEvent.click(heart);
    expect(currentPath()).toBe('/login?next=%2Fauctionhome');
    expect(api.getWatchedAmong).not.toHaveBeenCalled();
  });

  it('signed in: the cards’ hearts show what is watched (one read, own items left out) and toggle it', async () => {
    signInAs();
    api.getAuctionsPage.mockResolvedValue(lastPage(ITEMS));
    api.getWatchedAmong.mockResolvedValue([2]);
    api.watchAuction.mockResolvedValue({ msg: 'Added to your watch list', watching: true, count: 2 });
    api.unwatchAuction.mockResolvedValue({ msg: 'Removed from your watch list', watching: false, count: 1 });
    await renderAt('/auctionhome');
    await screen.findByRole('list', { name: 'Auction items' });

    const note = await within(card('1918 One Rupee Note')).findByRole('button', {
      name: 'Stop watching 1918 One Rupee Note',
    });
    expect(note).toHaveAttribute('aria-pressed', 'true');
    expect(api.getWatchedAmong).toHaveBeenCalledTimes(1);
    expect(api.getWatchedAmong).toHaveBeenCalledWith([1, 2]);
    await waitFor(() => expect(within(card('My own bat')).queryByRole('button', { name: /Watch/ })).toBeNull());

    const sunset = within(card('Sunset over the Ghats')).getByRole('button', { name: 'Watch Sunset over the Ghats' });
    expect(sunset).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(sunset);
    expect(api.watchAuction).toHaveBeenCalledWith(1);
    expect(await toastKind('Added to your watch list')).toBe('success');
    expect(
      within(card('Sunset over the Ghats')).getByRole('button', { name: 'Stop watching Sunset over the Ghats' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(card('1918 One Rupee Note')).getByRole('button', { name: /1918 One Rupee Note/ }));
    expect(api.unwatchAuction).toHaveBeenCalledWith(2);
    expect(
      within(card('1918 One Rupee Note')).getByRole('button', { name: 'Watch 1918 One Rupee Note' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  it('a refusal (watch list full) is an error toast and the heart stays as it was', async () => {
    signInAs();
    api.getAuctionsPage.mockResolvedValue(lastPage(ITEMS));
    api.getWatchedAmong.mockResolvedValue([]);
    api.watchAuction.mockRejectedValue(
      new ApiError(409, 'You already watch 200 items: stop watching one to watch another'),
    );
    await renderAt('/auctionhome');
    await screen.findByRole('list', { name: 'Auction items' });
    const heart = await within(card('Sunset over the Ghats')).findByRole('button', {
      name: 'Watch Sunset over the Ghats',
    });
    await userEvent.click(heart);
    expect(await toastKind('You already watch 200 items: stop watching one to watch another')).toBe('error');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('the item page has the heart beside its name', async () => {
    signInAs();
    api.getWatchedAmong.mockResolvedValue([1]);
    api.getAuction.mockResolvedValue(ITEMS[0]);
    await renderAt('/auctionproduct/1');
    await screen.findByRole('heading', { level: 1, name: 'Sunset over the Ghats' });
    expect(await screen.findByRole('button', { name: 'Stop watching Sunset over the Ghats' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(api.getWatchedAmong).toHaveBeenCalledWith([1]);
  });

  it('no heart on the item page of one’s own item', async () => {
    signInAs();
    api.getWatchedAmong.mockResolvedValue([]);
    api.getAuction.mockResolvedValue(ITEMS[2]);
    await renderAt('/auctionproduct/3');
    await screen.findByText('This is your item, so you cannot bid on it. New bids appear here as they arrive.');
    expect(screen.queryByRole('button', { name: /Watch My own bat/ })).toBeNull();
  });

  it('is the same in the server’s HTML for everyone and hydrates without a mismatch, then becomes the toggle', async () => {
    signInAs();
    const tree = (
      <StaticRouter location="/auctionhome">
        <AuctionCard item={ITEMS[0]} heart />
      </StaticRouter>
    );
    const html = renderToString(tree);
    expect(html).toContain('aria-label="Watch Sunset over the Ghats"');
    expect(html).toContain('href="/login?next=%2Fauctionhome"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(within(container).getByRole('button', { name: 'Watch Sunset over the Ghats' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    container.remove();
  });
});
