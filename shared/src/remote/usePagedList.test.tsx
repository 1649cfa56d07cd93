import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { LoadMore } from '../ui/LoadMore';
import { mergePage, usePagedList, type PageReader } from './usePagedList';

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
    render(<List read={pagesOf(all, 2)} query="q" />);
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
    const { rerender } = render(<List read={read} query="old" />);
    rerender(<List read={read} query="new" />);
    expect(await screen.findByText('new list')).toBeInTheDocument();
    await act(async () => answerOld({ items: [{ id: 1, name: 'old list' }], next: null }));
    expect(screen.queryByText('old list')).toBeNull();
  });

  it('says when the first page failed', async () => {
    render(<List read={() => Promise.reject(new Error('down'))} query="q" />);
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
