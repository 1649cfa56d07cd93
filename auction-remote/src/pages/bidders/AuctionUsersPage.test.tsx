import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type BidderRow, type Page } from '@marketplace/shared';
import { auctionItem, currentPath, customer, mockApi, signInAs, signOut, toastKind } from '@marketplace/shared/testing';
import { bidderRow } from '../../testing/fixtures';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();
const lastPage = (items: BidderRow[]): Page<BidderRow> => ({ items, next: null });

const OWNER = 1;
const ROWS = [
  bidderRow({
    auctionid: 4,
    productname: '1918 One Rupee Note',
    userid: 3,
    firstname: 'Priya',
    lastname: 'Nair',
    email: 'priya.nair@example.com',
    cartdata: 2600,
  }),
  bidderRow({ auctionid: 4, productname: '1918 One Rupee Note', userid: 2, cartdata: 2400 }),
  bidderRow({ auctionid: 1, productname: 'Sunset over the Ghats', userid: 2, cartdata: 5000, status: 'Processing' }),
  bidderRow({
    auctionid: 1,
    productname: 'Sunset over the Ghats',
    userid: 3,
    firstname: 'Priya',
    lastname: 'Nair',
    email: 'priya.nair@example.com',
    cartdata: 4800,
    status: 'Not selected',
  }),
];

function rowsOf(product: string): HTMLElement[] {
  const region = screen.getByRole('region', { name: product });
  return within(region).getAllByRole('row').slice(1);
}

beforeEach(() => {
  signInAs();
  api.getUserData.mockResolvedValue(customer({ userid: OWNER }));
});

afterEach(() => jest.restoreAllMocks());

describe('My Product BID Users', () => {
  it('lists each bidder with product, name, email, bid and status, grouped by item', async () => {
    api.getMyBiddersPage.mockResolvedValue(lastPage(ROWS));
    await renderAt(`/auctionusers/${OWNER}`);

    expect(screen.getByRole('heading', { level: 1, name: 'My Product BID Users' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your bidders');
    await screen.findByRole('region', { name: '1918 One Rupee Note' });
    expect(api.getMyBiddersPage).toHaveBeenCalledWith(OWNER, {});
    expect(api.getMyBidders).not.toHaveBeenCalled();

    const note = rowsOf('1918 One Rupee Note').map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((c) => c.textContent),
    );
    expect(note).toEqual([
      ['1918 One Rupee Note', 'Priya Nair', 'priya.nair@example.com', 'Rs. 2,600', 'Bidding'],
      ['1918 One Rupee Note', 'Rohan Mehta', 'rohan.mehta@example.com', 'Rs. 2,400', 'Bidding'],
    ]);
    // Approve accepts the leading BID now: only the leader's row (highest BID first) offers it.
    const [leader, runnerUp] = rowsOf('1918 One Rupee Note');
    expect(within(leader!).getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
    expect(within(runnerUp!).queryByRole('button', { name: /^Approve/ })).toBeNull();

    // The closed item: the winner's row says Approved with its delivery status, and nobody can be approved any more.
    const [winner, other] = rowsOf('Sunset over the Ghats');
    expect(winner).toHaveTextContent('Approved');
    expect(winner).toHaveTextContent('Processing');
    expect(other).toHaveTextContent('Not selected');
    expect(
      within(screen.getByRole('region', { name: 'Sunset over the Ghats' })).queryByRole('button', { name: /Approve/ }),
    ).toBeNull();
  });

  it('approves a bidder after confirmation: approveBidder(auctionid, userid), a success toast, and the list refreshes', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    api.getMyBiddersPage
      .mockResolvedValueOnce(lastPage(ROWS))
      .mockResolvedValueOnce(
        lastPage([
          { ...ROWS[0], status: 'Awaiting payment' },
          { ...ROWS[1], status: 'Not selected' },
          ROWS[2],
          ROWS[3],
        ]),
      );
    api.approveBidder.mockResolvedValue(auctionItem({ status: 'closed' }));
    await renderAt(`/auctionusers/${OWNER}`);
    await screen.findByRole('region', { name: '1918 One Rupee Note' });

    await userEvent.click(screen.getByRole('button', { name: 'Approve Priya Nair for 1918 One Rupee Note' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Priya Nair'));
    expect(api.approveBidder).toHaveBeenCalledWith(4, 3);
    expect(await toastKind('Bidder Approved Successfully')).toBe('success');

    // The winner's order waits for their payment.
    await waitFor(() => expect(rowsOf('1918 One Rupee Note')[0]).toHaveTextContent('Approved'));
    expect(rowsOf('1918 One Rupee Note')[0]).toHaveTextContent('Awaiting payment');
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(api.getMyBiddersPage).toHaveBeenCalledTimes(2);
  });

  it('does nothing when the owner cancels the confirmation', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    api.getMyBiddersPage.mockResolvedValue(lastPage(ROWS));
    await renderAt(`/auctionusers/${OWNER}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Priya Nair for 1918 One Rupee Note' }));
    expect(api.approveBidder).not.toHaveBeenCalled();
  });

  it("shows the server's message when approving fails", async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    api.getMyBiddersPage.mockResolvedValue(lastPage(ROWS));
    api.approveBidder.mockRejectedValue(new ApiError(409, 'A winner has already been approved for this auction item'));
    await renderAt(`/auctionusers/${OWNER}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Priya Nair for 1918 One Rupee Note' }));
    expect(await toastKind('A winner has already been approved for this auction item')).toBe('error');
  });

  it("refuses another user's id with a clear message, without asking for their bidders", async () => {
    await renderAt('/auctionusers/2');
    expect(await screen.findByText('You can only see the bidders on your own items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the bidders on my items' })).toHaveAttribute(
      'href',
      `/auctionusers/${OWNER}`,
    );
    expect(api.getMyBiddersPage).not.toHaveBeenCalled();
  });

  it('logs a failed load and says so on the page', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.getMyBiddersPage.mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt(`/auctionusers/${OWNER}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the bidders on your items. Something went wrong ...',
    );
    expect(log).toHaveBeenCalledWith('Could not load the bidders on your items', expect.any(ApiError));
  });

  it('says when nobody has bid yet', async () => {
    api.getMyBiddersPage.mockResolvedValue(lastPage([]));
    await renderAt(`/auctionusers/${OWNER}`);
    expect(await screen.findByText(/Nobody has bid on your items yet/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, to come back here', async () => {
    signOut();
    await renderAt(`/auctionusers/${OWNER}`);
    await waitFor(() => expect(currentPath()).toBe(`/login?next=%2Fauctionusers%2F${OWNER}`));
  });
});

describe('My Product BID Users, a page at a time', () => {
  it('appends the next page with Load more bidders (its cursor): an item whose rows come on two pages stays one group', async () => {
    const user = userEvent.setup();
    api.getMyBiddersPage
      .mockResolvedValueOnce({ items: ROWS.slice(0, 3), next: 'b1' })
      .mockResolvedValueOnce(lastPage(ROWS.slice(3)));
    await renderAt(`/auctionusers/${OWNER}`);
    await screen.findByRole('region', { name: 'Sunset over the Ghats' });
    expect(rowsOf('Sunset over the Ghats')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load more bidders' }));
    await waitFor(() => expect(rowsOf('Sunset over the Ghats')).toHaveLength(2));
    expect(api.getMyBiddersPage).toHaveBeenLastCalledWith(OWNER, { cursor: 'b1' });
    expect(screen.getAllByRole('region', { name: 'Sunset over the Ghats' })).toHaveLength(1);
    expect(rowsOf('Sunset over the Ghats')[1]).toHaveTextContent('Priya Nair');
    expect(rowsOf('Sunset over the Ghats')[1]).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Load more bidders' })).not.toBeInTheDocument();
  });

  it('shows a bidder who raised their bid between two pages once, with the new bid; busy and disabled meanwhile', async () => {
    const user = userEvent.setup();
    let answer: (page: Page<BidderRow>) => void = () => undefined;
    api.getMyBiddersPage
      .mockResolvedValueOnce({ items: ROWS.slice(0, 2), next: 'b1' })
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderAt(`/auctionusers/${OWNER}`);
    await screen.findByRole('region', { name: '1918 One Rupee Note' });

    await user.click(screen.getByRole('button', { name: 'Load more bidders' }));
    const busy = screen.getByRole('button', { name: 'Loading…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    act(() => answer({ items: [{ ...ROWS[1], cartdata: 2700 }, ROWS[2]], next: 'b2' }));
    await screen.findByRole('region', { name: 'Sunset over the Ghats' });
    const note = rowsOf('1918 One Rupee Note');
    expect(note).toHaveLength(2);
    expect(note[1]).toHaveTextContent('Rohan Mehta');
    expect(note[1]).toHaveTextContent('Rs. 2,700');
    expect(screen.getByRole('button', { name: 'Load more bidders' })).toBeEnabled();
  });

  it('after an approval reads the rows loaded so far again, in one read', async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    api.approveBidder.mockResolvedValue(auctionItem({ status: 'closed' }));
    api.getMyBiddersPage
      .mockResolvedValueOnce({ items: ROWS.slice(0, 2), next: 'b1' })
      .mockResolvedValueOnce({ items: ROWS.slice(2, 3), next: 'b2' })
      .mockResolvedValueOnce({
        items: [{ ...ROWS[0], status: 'Processing' }, { ...ROWS[1], status: 'Not selected' }, ROWS[2]],
        next: 'b2',
      });
    await renderAt(`/auctionusers/${OWNER}`);
    await user.click(await screen.findByRole('button', { name: 'Load more bidders' }));
    await screen.findByRole('region', { name: 'Sunset over the Ghats' });

    await user.click(screen.getByRole('button', { name: 'Approve Priya Nair for 1918 One Rupee Note' }));
    await waitFor(() => expect(rowsOf('1918 One Rupee Note')[0]).toHaveTextContent('Approved'));
    expect(api.getMyBiddersPage).toHaveBeenLastCalledWith(OWNER, { limit: 3 });
    expect(rowsOf('Sunset over the Ghats')).toHaveLength(1);
  });

  it("keeps the rows shown, logs and says 'Something went wrong ...' when the next page fails", async () => {
    const user = userEvent.setup();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.getMyBiddersPage
      .mockResolvedValueOnce({ items: ROWS.slice(0, 2), next: 'b1' })
      .mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    await renderAt(`/auctionusers/${OWNER}`);
    await user.click(await screen.findByRole('button', { name: 'Load more bidders' }));
    expect(await toastKind('Something went wrong ...')).toBe('error');
    expect(log).toHaveBeenCalledWith('Could not load the bidders on your items', expect.any(ApiError));
    expect(rowsOf('1918 One Rupee Note')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Load more bidders' })).toBeEnabled();
  });
});
