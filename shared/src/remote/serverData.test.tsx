import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { ApiError } from '../api/http';
import { ServerRender, ServerRenderContext } from './serverData';
import { usePagedList, type PageReader } from './usePagedList';
import { useResource } from './useResource';

const TIMEOUT_MS = 1000;

/** A promise the test settles. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the callbacks of the promises settled so far run, and theirs (no timer involved). */
async function settle() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

describe('ServerRender.read', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts one read per key: a second read with the key gets the same promise and does not load again', async () => {
    const server = new ServerRender(TIMEOUT_MS);
    const load = jest.fn(async () => 'first');
    const again = jest.fn(async () => 'second');
    const first = server.read('product:1', load);
    const second = server.read('product:1', again);
    expect(second).toBe(first);
    await expect(second).resolves.toEqual({ ok: true, data: 'first' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(again).not.toHaveBeenCalled();
  });

  it('keeps the reads of different keys apart', async () => {
    const server = new ServerRender(TIMEOUT_MS);
    await expect(server.read('product:1', async () => 1)).resolves.toEqual({ ok: true, data: 1 });
    await expect(server.read('product:2', async () => 2)).resolves.toEqual({ ok: true, data: 2 });
    expect(server.answers()).toEqual({ 'product:1': { data: 1 }, 'product:2': { data: 2 } });
  });

  it('embeds an answer as { data }, and is complete', async () => {
    const server = new ServerRender(TIMEOUT_MS);
    await expect(server.read('products:new', async () => ({ items: [1], next: null }))).resolves.toEqual({
      ok: true,
      data: { items: [1], next: null },
    });
    expect(server.answers()).toEqual({ 'products:new': { data: { items: [1], next: null } } });
    expect(server.complete()).toBe(true);
  });

  it.each([400, 404, 499])(
    'embeds a refusal (%i) as { error: { status, message } } and reads it as the failure',
    async (status) => {
      const server = new ServerRender(TIMEOUT_MS);
      const refusal = new ApiError(status, 'No such product');
      const result = await server.read('product:99', () => Promise.reject(refusal));
      expect(result).toEqual({ ok: false, error: refusal });
      expect(result.ok === false && result.error).toBe(refusal);
      expect(server.answers()).toEqual({ 'product:99': { error: { status, message: 'No such product' } } });
      expect(server.complete()).toBe(true);
    },
  );

  it.each([
    ['a 500', new ApiError(500, 'Internal Server Error')],
    ['a 503', new ApiError(503, 'Service Unavailable')],
    ['an unreachable server (status 0)', new ApiError(0, 'Network Error')],
    ['a plain Error', new Error('boom')],
  ])('does not embed %s: nothing to show, the browser reads it, and the page is not complete', async (_, failure) => {
    const server = new ServerRender(TIMEOUT_MS);
    const result = await server.read('product:1', () => Promise.reject(failure));
    expect(result).toEqual({ ok: false });
    expect('error' in result).toBe(false);
    expect(server.answers()).toEqual({});
    expect(server.complete()).toBe(false);
  });

  it('does not reject when load throws synchronously', async () => {
    const server = new ServerRender(TIMEOUT_MS);
    await expect(
      server.read('product:1', () => {
        throw new Error('boom');
      }),
    ).resolves.toEqual({ ok: false });
  });

  it('gives up on a read slower than timeoutMs, and does not embed it even when it answers later', async () => {
    const server = new ServerRender(TIMEOUT_MS);
    const answer = deferred<string>();
    let result: unknown = 'pending';
    void server.read('product:1', () => answer.promise).then((r) => (result = r));

    jest.advanceTimersByTime(TIMEOUT_MS - 1);
    await settle();
    expect(result).toBe('pending');
    jest.advanceTimersByTime(1);
    await settle();
    expect(result).toEqual({ ok: false });
    expect(server.complete()).toBe(false);

    answer.resolve('too late');
    await settle();
    expect(server.answers()).toEqual({});
    expect(server.complete()).toBe(false);
    await expect(server.read('product:1', async () => 'again')).resolves.toEqual({ ok: false });
  });

  it('does not embed a refusal that comes after the time limit either', async () => {
    const server = new ServerRender(TIMEOUT_MS);
    const answer = deferred<string>();
    const read = server.read('product:1', () => answer.promise);
    jest.advanceTimersByTime(TIMEOUT_MS);
    await expect(read).resolves.toEqual({ ok: false });

    answer.reject(new ApiError(404, 'No such product'));
    await settle();
    expect(server.answers()).toEqual({});
    expect(server.complete()).toBe(false);
  });

  it('is not complete while a read is under way', async () => {
    const server = new ServerRender(TIMEOUT_MS);
    const answer = deferred<string>();
    const read = server.read('product:1', () => answer.promise);
    await settle();
    expect(server.complete()).toBe(false);
    answer.resolve('in time');
    await expect(read).resolves.toEqual({ ok: true, data: 'in time' });
    expect(server.complete()).toBe(true);
  });
});

describe('useServerData during a server render', () => {
  function Product({ load }: { load: () => Promise<string> }): ReactElement {
    const product = useResource(load, [], { key: 'product:1' });
    return <p>{product.status === 'ready' ? product.data : product.status}</p>;
  }

  it('suspends on the read and renders with its answer, reading once', async () => {
    const server = new ServerRender(TIMEOUT_MS);
    const answer = deferred<string>();
    const load = jest.fn(() => answer.promise);
    await act(async () => {
      render(
        <ServerRenderContext.Provider value={server}>
          <Suspense fallback={<p>suspended</p>}>
            <Product load={load} />
          </Suspense>
        </ServerRenderContext.Provider>,
      );
    });
    expect(screen.getByText('suspended')).toBeInTheDocument();
    await act(async () => answer.resolve('Drone'));
    expect(screen.getByText('Drone')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(server.answers()).toEqual({ 'product:1': { data: 'Drone' } });
  });

  it("reads a paged list's first page from `start`, and embeds the page", async () => {
    interface Item {
      id: number;
    }
    const read = jest.fn<ReturnType<PageReader<Item>>, Parameters<PageReader<Item>>>(async () => ({
      items: [{ id: 7 }, { id: 8 }],
      next: '8',
    }));
    function List(): ReactElement {
      const list = usePagedList(read, [], { keyOf: (i) => i.id, key: 'products:new', start: '6' });
      return <p>{list.items ? `items ${list.items.map((i) => i.id).join(' ')}, next ${list.next}` : 'loading'}</p>;
    }
    const server = new ServerRender(TIMEOUT_MS);
    await act(async () => {
      render(
        <ServerRenderContext.Provider value={server}>
          <Suspense fallback={<p>suspended</p>}>
            <List />
          </Suspense>
        </ServerRenderContext.Provider>,
      );
    });
    expect(screen.getByText('items 7 8, next 8')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith({ cursor: '6' });
    expect(server.answers()).toEqual({ 'products:new': { data: { items: [{ id: 7 }, { id: 8 }], next: '8' } } });
  });
});
