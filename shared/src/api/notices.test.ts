import { act } from '@testing-library/react';
import { useSession } from '../session/sessionStore';
import { http } from './http';
import { subscribeToNotices } from './notices';

/** A stand-in for the browser's EventSource: records its URL and lets the test drive it. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data = '') {
    this.listeners.get(type)?.forEach((l) => l({ data } as MessageEvent<string>));
  }
  close() {
    this.closed = true;
  }
}

const flush = () => act(async () => undefined);

beforeEach(() => {
  jest.useFakeTimers();
  FakeEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  act(() => useSession.getState().signIn({ firstname: 'Asha', lastname: 'Rao', authtoken: 'lt_secret-login-token' }));
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { EventSource?: unknown }).EventSource;
  jest.restoreAllMocks();
  act(() => useSession.getState().signOut());
});

describe('subscribeToNotices', () => {
  it('opens the stream with a single-use ticket, never the login token, and a new ticket on every reconnection', async () => {
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValueOnce({ status: 200, data: { data: { ticket: 'nt_first' } } })
      .mockResolvedValueOnce({ status: 200, data: { data: { ticket: 'nt_second' } } });
    const notices: unknown[] = [];
    const opened = jest.fn();
    const stop = subscribeToNotices((n) => notices.push(n), opened);
    await flush();
    expect(post).toHaveBeenCalledWith(
      '/noticeevents/ticket',
      {},
      {
        headers: { authtoken: 'lt_secret-login-token' },
      },
    );
    const [first] = FakeEventSource.opened;
    expect(first.url).toMatch(/\/noticeevents\?ticket=nt_first$/);
    expect(first.url).not.toContain('lt_secret-login-token');
    first.emit('open');
    first.emit('notice', JSON.stringify({ noticeid: 4, kind: 'outbid' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([{ noticeid: 4, kind: 'outbid' }]);

    // The stream drops: the used ticket is not presented again; a new one is asked for.
    first.emit('error');
    expect(first.closed).toBe(true);
    await act(async () => jest.advanceTimersByTime(3000));
    await flush();
    expect(FakeEventSource.opened[1].url).toMatch(/ticket=nt_second$/);
    stop();
    expect(FakeEventSource.opened[1].closed).toBe(true);
  });

  it('stops for good when the session is refused', async () => {
    jest.spyOn(http, 'post').mockRejectedValue(Object.assign(new Error('Session expired'), { status: 401 }));
    subscribeToNotices(() => undefined);
    await flush();
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toEqual([]);
    expect(http.post).toHaveBeenCalledTimes(1);
  });
});
