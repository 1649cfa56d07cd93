import { act, screen, within } from '@testing-library/react';
import type { NoticeEvent } from '@marketplace/shared';
import { mockApi, signInAs, signOut, SIGNED_IN, toastKind } from '@marketplace/shared/testing';
import { renderLayout } from '../../test/renderLayout';

type OnNotice = (n: NoticeEvent) => void;

/** The stream as the page holds it: its callbacks, and whether it was closed. */
function fakeStream() {
  const api = mockApi();
  const stream = { onNotice: null as OnNotice | null, onOpen: null as (() => void) | null, closed: 0 };
  api.subscribeToNotices.mockImplementation((onNotice, onOpen) => {
    stream.onNotice = onNotice;
    stream.onOpen = onOpen ?? null;
    return () => void (stream.closed += 1);
  });
  api.getNoticesPage.mockResolvedValue({ items: [], next: null, unread: 0 });
  api.markNoticesSeen.mockResolvedValue(0);
  api.refreshCartCount.mockResolvedValue(undefined);
  return { api, stream };
}

const outbid: NoticeEvent = {
  noticeid: 7,
  kind: 'outbid',
  auctionid: 3,
  data: { productname: 'Brass Lamp', price: 3050, nextbid: 3100 },
  createdat: '2026-11-27T10:00:00.000Z',
};

const outbidText = 'You have been outbid on "Brass Lamp": the BID is now Rs. 3,050. Enter Rs. 3,100 or more to lead.';

describe('live notices in the shell', () => {
  it('open no stream while signed out', () => {
    const { api } = fakeStream();
    renderLayout();
    expect(api.subscribeToNotices).not.toHaveBeenCalled();
  });

  it('toast a notice the moment it arrives, on any page, and mark it seen; once only', async () => {
    const { api, stream } = fakeStream();
    signInAs(SIGNED_IN);
    renderLayout();
    expect(api.subscribeToNotices).toHaveBeenCalledTimes(1);
    act(() => stream.onNotice!(outbid));
    expect(await screen.findByText(outbidText)).toBeInTheDocument();
    expect(api.markNoticesSeen).toHaveBeenCalledWith(7);
    // The same notice again (a claim retried after a crash announces it again): not toasted twice.
    act(() => stream.onNotice!(outbid));
    expect(api.markNoticesSeen).toHaveBeenCalledTimes(1);
  });

  it('on (re)connecting, toast what was queued while away and not seen yet', async () => {
    const { api, stream } = fakeStream();
    api.getNoticesPage.mockResolvedValue({
      items: [
        {
          noticeid: 12,
          kind: 'won',
          auctionid: 4,
          data: { productname: 'Clock', price: 1250, orderid: 9 },
          createdat: '2026-11-27T10:05:00.000Z',
          seen: false,
        },
        { ...outbid, seen: true },
      ],
      next: null,
      unread: 1,
    });
    signInAs(SIGNED_IN);
    renderLayout();
    act(() => stream.onOpen!());
    const won = await screen.findByText('You won "Clock" at Rs. 1,250. Your order is in My Orders.');
    expect(
      within(won.closest('.Toastify__toast') as HTMLElement).getByRole('link', { name: 'View order' }),
    ).toHaveAttribute('href', '/myaccount/manageorder?orderid=9');
    expect(screen.queryByText(/outbid on "Brass Lamp"/)).toBeNull();
    expect(api.markNoticesSeen).toHaveBeenCalledWith(12);
  });

  it('link each notice to its page: the item, the order shipped, the orders to ship', async () => {
    const { stream } = fakeStream();
    signInAs(SIGNED_IN);
    renderLayout();
    /** The toast saying `text`, and where its link leads (and what it says). */
    const toastLink = async (text: string) => {
      const toast = (await screen.findByText(text)).closest('.Toastify__toast') as HTMLElement;
      const link = within(toast).getByRole('link');
      return [link.textContent, link.getAttribute('href')];
    };

    act(() => stream.onNotice!(outbid));
    expect(await toastLink(outbidText)).toEqual(['See the item', '/auctionproduct/3']);

    act(() =>
      stream.onNotice!({
        noticeid: 8,
        kind: 'shipped',
        auctionid: null,
        data: { productname: 'Retro Camera', orderid: 41, shipmentid: 5, courier: 'Blue Dart', tracking: 'BD1234' },
        createdat: '2026-11-27T10:01:00.000Z',
      }),
    );
    const shipped = '"Retro Camera" of your order #41 has shipped with Blue Dart, tracking number BD1234.';
    expect(await toastLink(shipped)).toEqual(['View order', '/myaccount/manageorder?orderid=41']);
    expect(await toastKind(shipped)).toBe('success');

    act(() =>
      stream.onNotice!({
        noticeid: 9,
        kind: 'delivered',
        auctionid: null,
        data: { productname: 'Retro Camera', orderid: 41, shipmentid: 5 },
        createdat: '2026-11-27T10:02:00.000Z',
      }),
    );
    expect(await toastLink('"Retro Camera" of your order #41 has been delivered.')).toEqual([
      'View order',
      '/myaccount/manageorder?orderid=41',
    ]);

    act(() =>
      stream.onNotice!({
        noticeid: 10,
        kind: 'neworder',
        auctionid: null,
        data: { productname: 'Film Roll', orderid: 42, shipmentid: 6, price: 500 },
        createdat: '2026-11-27T10:03:00.000Z',
      }),
    );
    const neworder = 'New order #42 to ship: "Film Roll" (Rs. 500).';
    expect(await toastLink(neworder)).toEqual(['Orders to ship', '/myaccount/sales']);
    expect(await toastKind(neworder)).toBe('success');

    act(() =>
      stream.onNotice!({
        noticeid: 11,
        kind: 'ordercancelled',
        auctionid: null,
        data: { productname: 'Film Roll', orderid: 42, shipmentid: 6 },
        createdat: '2026-11-27T10:04:00.000Z',
      }),
    );
    const cancelled = 'Order #42 was cancelled by the buyer: do not ship "Film Roll".';
    expect(await toastLink(cancelled)).toEqual(['Orders to ship', '/myaccount/sales']);
    expect(await toastKind(cancelled)).toBe('warning');
  });

  it('open no stream on the page that ends the session', () => {
    const { api } = fakeStream();
    signInAs(SIGNED_IN);
    renderLayout('/logout');
    expect(api.subscribeToNotices).not.toHaveBeenCalled();
  });

  it('close the stream at sign-out', () => {
    const { stream } = fakeStream();
    signInAs(SIGNED_IN);
    renderLayout();
    signOut();
    expect(stream.closed).toBe(1);
  });
});
