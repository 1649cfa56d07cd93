import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuctionEvent } from '@marketplace/shared';
import { auctionItem, customer, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { resetWatching } from '../../lib/watching';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();
let emit: (event: AuctionEvent) => void;

beforeEach(() => {
  api.subscribeToAuction.mockImplementation((_id, onEvent) => {
    emit = (event) => act(() => onEvent(event));
    return () => undefined;
  });
  api.getUserData.mockResolvedValue(customer({ userid: 5 }));
  api.getWatchedAmong.mockResolvedValue([]);
});
afterEach(resetWatching);

async function openItem(): Promise<void> {
  signInAs();
  api.getAuction.mockResolvedValue(auctionItem());
  await renderAt('/auctionproduct/1');
  await screen.findByRole('heading', { level: 1, name: 'Sunset over the Ghats' });
}

const bidEvent = (bid: number): AuctionEvent => ({
  type: 'bid',
  auctionid: 1,
  bid,
  highbid: bid,
  nickname: 'Rohan',
  at: '2026-01-04T10:00:00.000Z',
});

describe('the Add BID form’s maximum', () => {
  it('explains the maximum in one line and sends it with the bid; while leading it names the maximum', async () => {
    await openItem();
    expect(
      screen.getByText(
        'Optional. We bid for you, only as much as it takes to lead, up to your maximum; nobody else sees it.',
      ),
    ).toBeInTheDocument();
    api.placeBid.mockResolvedValue(auctionItem({ bid: 5100, highbid: 5100, yourmax: 8000 }));
    await userEvent.type(screen.getByLabelText(/^Your BID/), '5100');
    await userEvent.type(screen.getByLabelText(/^Your maximum BID/), '8000');
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));

    expect(api.placeBid).toHaveBeenCalledWith(1, 5100, { maxbid: 8000 });
    expect(await toastKind('Your BID has been placed')).toBe('success');
    expect(screen.getByText('You are the highest bidder, your maximum is Rs. 8,000')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your maximum BID/)).toHaveValue('');

    // A rival's bid the maximum answers keeps the bidder in the lead; one above it outbids them.
    emit(bidEvent(7000));
    expect(screen.getByText('You are the highest bidder, your maximum is Rs. 8,000')).toBeInTheDocument();
    emit(bidEvent(8100));
    expect(screen.queryByText(/You are the highest bidder/)).toBeNull();
    expect(screen.getByText('You have been outbid: enter Rs. 8,200 or more to lead')).toBeInTheDocument();
  });

  it('without a maximum the bid is sent alone, as before', async () => {
    await openItem();
    api.placeBid.mockResolvedValue(auctionItem({ bid: 5100, highbid: 5100, yourmax: 5100 }));
    await userEvent.type(screen.getByLabelText(/^Your BID/), '5100');
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));
    expect(api.placeBid).toHaveBeenCalledWith(1, 5100);
    expect(await screen.findByText('You are the highest bidder, your maximum is Rs. 5,100')).toBeInTheDocument();
  });

  it('a rival’s higher maximum answering at once says so', async () => {
    await openItem();
    api.placeBid.mockResolvedValue(auctionItem({ bid: 6100, highbid: 6100 }));
    await userEvent.type(screen.getByLabelText(/^Your BID/), '6000');
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));
    expect(await screen.findByText('You have been outbid: enter Rs. 6,200 or more to lead')).toBeInTheDocument();
  });

  it('checks the maximum before sending: a whole number, not below the bid', async () => {
    await openItem();
    await userEvent.type(screen.getByLabelText(/^Your BID/), '6000');
    await userEvent.type(screen.getByLabelText(/^Your maximum BID/), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));
    expect(screen.getByText('Maximum BID must be a whole number of rupees, at least 1')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Your maximum BID/));
    await userEvent.type(screen.getByLabelText(/^Your maximum BID/), '5500');
    await userEvent.click(screen.getByRole('button', { name: 'Add BID' }));
    expect(screen.getByText('Maximum BID must not be lower than your BID')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your maximum BID/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.placeBid).not.toHaveBeenCalled();
  });
});
