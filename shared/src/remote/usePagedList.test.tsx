import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '../api/http';
import { LoadMore } from '../ui/LoadMore';
import { provideServerData } from './serverData';
import { mergePage, usePagedList, type PageReader, type PagedListOptions } from './usePagedList';

interface Item {
  id: number;
  name: string;
}

describe('mergePage', () => {
  it('appends new items and replaces one that comes again where it is', () => {
    const shown = [
      { id: 3, name: 'c' },
      { id: 2, name: 'b' },
    ];
    const { items, added } = mergePage(
      shown,
      [
        { id: 2, name: 'b2' },
        { id: 1, name: 'a' },
      ],
      (i) => i.id,
    );
    expect(items).toEqual([
      { id: 3, name: 'c' },
      { id: 2, name: 'b2' },
      { id: 1, name: 'a' },
    ]);
    expect(added).toEqual([1]);
  });
});

function List({ read, query }: { read: PageReader<Item>; query: string }): ReactElement {
  const list = usePagedList(read, [query], { keyOf: (i) => i.id });
  if (list.items === null) return <p>{list.failed ? 'failed' : 'loading'}</p>;
  return (
    <>
      <ul>
        {list.items.map((i) => (
          <li key={i.id} ref={list.itemRef(i.id)}>
            {i.name}
          </li>
        ))}
      </ul>
      <LoadMore list={list} label="Load more" />
    </>
  );
}

/** Pages of `size` from `all`, the cursor being the last id shown. */
const pagesOf =
  (all: Item[], size: number): PageReader<Item> =>
  async ({ cursor }) => {
    const from = cursor === undefined ? 0 : all.findIndex((i) => String(i.id) === cursor) + 1;
    const items = all.slice(from, from + size);
    return { items, next: from + size < all.length ? String(items[items.length - 1]!.id) : null };
  };

describe('usePagedList with LoadMore', () => {
  const all = Array.from({ length: 5 }, (_, k) => ({ id: k + 1, name: `item ${k + 1}` }));

  it('shows the first page, appends the next with its cursor, focuses the first new item, and hides the button on the last page', async () => {
    render(<List read={pagesOf(all, 2)} query="q" />, { wrapper: MemoryRouter });
    expect(await screen.findByText('item 2')).toBeInTheDocument();
    expect(screen.queryByText('item 3')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('item 4')).toBeInTheDocument();
    expect(screen.getByText('item 3')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('item 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('drops the answer of a list it no longer shows', async () => {
    let answerOld: (page: { items: Item[]; next: null }) => void = () => undefined;
    const read = jest.fn<ReturnType<PageReader<Item>>, Parameters<PageReader<Item>>>();
    read.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)));
    read.mockImplementationOnce(async () => ({ items: [{ id: 9, name: 'new list' }], next: null }));
    const { rerender } = render(<List read={read} query="old" />, { wrapper: MemoryRouter });
    rerender(<List read={read} query="new" />);
    expect(await screen.findByText('new list')).toBeInTheDocument();
    await act(async () => answerOld({ items: [{ id: 1, name: 'old list' }], next: null }));
    expect(screen.queryByText('old list')).toBeNull();
  });

  it('says when the first page failed', async () => {
    render(<List read={() => Promise.reject(new Error('down'))} query="q" />, { wrapper: MemoryRouter });
    await waitFor(() => expect(screen.getByText('failed')).toBeInTheDocument());
  });
});

describe("usePagedList's status, in useResource's words", () => {
  function Status({ read }: { read: PageReader<Item> }): ReactElement {
    const list = usePagedList(read, [], { keyOf: (i) => i.id });
    return (
      <>
        <p>
          {list.status}
          {list.refreshing ? ', refreshing' : ''}: {list.items?.map((i) => i.name).join(', ')}
        </p>
        <button type="button" onClick={list.reload}>
          Reload
        </button>
      </>
    );
  }

  it("is 'loading', then 'ready'; a reload keeps the items shown, even when it fails", async () => {
    let answer: (page: { items: Item[]; next: null }) => void = () => undefined;
    let refuse: (error: unknown) => void = () => undefined;
    const read = jest.fn<ReturnType<PageReader<Item>>, Parameters<PageReader<Item>>>();
    read.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    read.mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)));
    render(<Status read={read} />);
    expect(screen.getByText('loading:')).toBeInTheDocument();
    await act(async () => answer({ items: [{ id: 1, name: 'one' }], next: null }));
    expect(screen.getByText('ready: one')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByText('ready, refreshing: one')).toBeInTheDocument();
    await act(async () => refuse(new Error('down')));
    expect(screen.getByText('ready: one')).toBeInTheDocument();
  });

  it("is 'failed' when the first page could not be read", async () => {
    render(<Status read={() => Promise.reject(new Error('down'))} />);
    expect(await screen.findByText('failed:')).toBeInTheDocument();
  });
});

describe('usePagedList from a server-rendered first page (`key`) and from a cursor (`start`)', () => {
  afterEach(() => provideServerData({}));

  const readerOf = (...pages: { items: Item[]; next: string | null }[]) => {
    const read = jest.fn<ReturnType<PageReader<Item>>, Parameters<PageReader<Item>>>();
    for (const page of pages) read.mockResolvedValueOnce(page);
    return read;
  };

  /** The list in words: status, items, next. */
  function Described({ read, options }: { read: PageReader<Item>; options: Omit<PagedListOptions<Item>, 'keyOf'> }) {
    const list = usePagedList(read, [], { keyOf: (i) => i.id, ...options });
    const error = list.error instanceof ApiError ? ` ${list.error.status} ${list.error.message}` : '';
    return (
      <>
        <p>
          {`${list.status}${error}: ${list.items?.map((i) => i.name).join(', ') ?? '-'}; `}
          {`next ${list.next}, ${list.hasMore ? 'more' : 'no more'}`}
        </p>
        <button type="button" onClick={list.loadMore}>
          More
        </button>
        <button type="button" onClick={list.reload}>
          Reload
        </button>
      </>
    );
  }

  it('shows the embedded page on its first render and does not read it; Load more reads from its `next`', async () => {
    provideServerData({
      'products:new': {
        data: {
          items: [
            { id: 1, name: 'one' },
            { id: 2, name: 'two' },
          ],
          next: '2',
        },
      },
    });
    const read = readerOf({ items: [{ id: 3, name: 'three' }], next: null });
    render(<Described read={read} options={{ key: 'products:new' }} />);
    expect(screen.getByText('ready: one, two; next 2, more')).toBeInTheDocument();
    await act(async () => undefined);
    expect(read).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith({ cursor: '2' });
    expect(await screen.findByText('ready: one, two, three; next null, no more')).toBeInTheDocument();
  });

  it('shows an embedded last page with no more to load', async () => {
    provideServerData({ 'products:new': { data: { items: [{ id: 1, name: 'one' }], next: null } } });
    const read = readerOf();
    render(<Described read={read} options={{ key: 'products:new' }} />);
    expect(screen.getByText('ready: one; next null, no more')).toBeInTheDocument();
    await act(async () => undefined);
    expect(read).not.toHaveBeenCalled();
  });

  it('starts failed with an embedded refusal, without reading; a reload reads', async () => {
    provideServerData({ 'reviews:9': { error: { status: 404, message: 'No such product' } } });
    const read = readerOf({ items: [{ id: 1, name: 'one' }], next: null });
    render(<Described read={read} options={{ key: 'reviews:9' }} />);
    expect(screen.getByText('failed 404 No such product: -; next null, no more')).toBeInTheDocument();
    await act(async () => undefined);
    expect(read).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('ready: one; next null, no more')).toBeInTheDocument();
    expect(read).toHaveBeenCalledWith({});
  });

  it('takes the embedded page once: a later list with the same key reads it', async () => {
    provideServerData({ 'products:new': { data: { items: [{ id: 1, name: 'embedded' }], next: null } } });
    const read = readerOf({ items: [{ id: 1, name: 'read' }], next: null });
    const first = render(<Described read={read} options={{ key: 'products:new' }} />);
    expect(screen.getByText('ready: embedded; next null, no more')).toBeInTheDocument();
    first.unmount();

    render(<Described read={read} options={{ key: 'products:new' }} />);
    expect(screen.getByText('loading: -; next null, no more')).toBeInTheDocument();
    expect(await screen.findByText('ready: read; next null, no more')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads the first page as before without a key', async () => {
    provideServerData({ 'products:new': { data: { items: [{ id: 1, name: 'embedded' }], next: null } } });
    const read = readerOf({ items: [{ id: 1, name: 'read' }], next: '1' });
    render(<Described read={read} options={{}} />);
    expect(screen.getByText('loading: -; next null, no more')).toBeInTheDocument();
    expect(await screen.findByText('ready: read; next 1, more')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith({});
  });

  it('reads the first page from `start`, then the following ones from `next`', async () => {
    const read = readerOf(
      { items: [{ id: 5, name: 'five' }], next: '5' },
      { items: [{ id: 6, name: 'six' }], next: null },
    );
    render(<Described read={read} options={{ start: '4' }} />);
    expect(await screen.findByText('ready: five; next 5, more')).toBeInTheDocument();
    expect(read).toHaveBeenNthCalledWith(1, { cursor: '4' });

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText('ready: five, six; next null, no more')).toBeInTheDocument();
    expect(read).toHaveBeenNthCalledWith(2, { cursor: '5' });
  });

  it('does not read an embedded page that started from `start` again', async () => {
    provideServerData({ 'products:new': { data: { items: [{ id: 5, name: 'five' }], next: '5' } } });
    const read = readerOf({ items: [{ id: 6, name: 'six' }], next: null });
    render(<Described read={read} options={{ key: 'products:new', start: '4' }} />);
    expect(screen.getByText('ready: five; next 5, more')).toBeInTheDocument();
    await act(async () => undefined);
    expect(read).not.toHaveBeenCalled();
  });

  it('reads the list again when `start` changes', async () => {
    const read = readerOf(
      { items: [{ id: 5, name: 'five' }], next: '5' },
      { items: [{ id: 1, name: 'one' }], next: '1' },
    );
    const { rerender } = render(<Described read={read} options={{ start: '4' }} />);
    expect(await screen.findByText('ready: five; next 5, more')).toBeInTheDocument();
    rerender(<Described read={read} options={{ start: null }} />);
    expect(await screen.findByText('ready: one; next 1, more')).toBeInTheDocument();
    expect(read).toHaveBeenNthCalledWith(2, {});
  });

  it('has no `next` and no more while the first page is loading', () => {
    const read = jest.fn<ReturnType<PageReader<Item>>, Parameters<PageReader<Item>>>(
      () => new Promise(() => undefined),
    );
    render(<Described read={read} options={{ start: '4' }} />);
    expect(screen.getByText('loading: -; next null, no more')).toBeInTheDocument();
  });
});
