import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { currentPath, renderArea } from '../../test';
import type { PagedList } from '../remote/usePagedList';
import { LoadMore, useStartCursor } from './LoadMore';

type ListShown = Pick<PagedList<unknown>, 'hasMore' | 'loadingMore' | 'loadMore' | 'next'>;

const NEW_ARRIVALS = ['/newarrival'];

function listOf(shown: Partial<ListShown> = {}): ListShown {
  return { hasMore: true, loadingMore: false, next: 'c2', loadMore: jest.fn(), ...shown };
}

/** Renders LoadMore on the new arrivals page at `path`, the way the shell mounts an area. */
function renderAt(path: string, list: ListShown) {
  function Page(): ReactElement {
    return (
      <main>
        <LoadMore list={list} label="Load more" />
      </main>
    );
  }
  return renderArea(NEW_ARRIVALS, Page, path);
}

const form = () => screen.getByRole('button', { name: 'Load more' }).closest('form')!;

/** What the form submits without JavaScript: its fields, in order. */
const submitted = () => [...new FormData(form())];

describe('LoadMore', () => {
  it("is a GET form of the page's query, its cursor replaced by the next page's", () => {
    renderAt('/newarrival?q=drone&cursor=old', listOf({ next: 'c2' }));
    expect(form()).toHaveAttribute('method', 'get');
    expect(form()).not.toHaveAttribute('action');
    expect(submitted()).toEqual([
      ['q', 'drone'],
      ['cursor', 'c2'],
    ]);
    const hidden = form().querySelectorAll('input[type="hidden"]');
    expect(hidden).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveAttribute('type', 'submit');
  });

  it('keeps every query parameter, and adds the cursor to a page that had none', () => {
    renderAt('/newarrival?q=drone&sort=price', listOf({ next: 'c2' }));
    expect(submitted()).toEqual([
      ['q', 'drone'],
      ['sort', 'price'],
      ['cursor', 'c2'],
    ]);
  });

  it('loads more in place with JavaScript: the submit is prevented and the page stays', async () => {
    const list = listOf();
    renderAt('/newarrival?q=drone&cursor=old', list);
    let prevented: boolean | null = null;
    const watch = (event: Event) => (prevented = event.defaultPrevented);
    document.addEventListener('submit', watch);
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    } finally {
      document.removeEventListener('submit', watch);
    }
    expect(list.loadMore).toHaveBeenCalledTimes(1);
    expect(prevented).toBe(true);
    expect(currentPath()).toBe('/newarrival?q=drone&cursor=old');
  });

  it('is disabled and busy while the page loads', () => {
    renderAt('/newarrival', listOf({ loadingMore: true }));
    const button = screen.getByRole('button', { name: 'Loading…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('renders nothing when no page follows', () => {
    renderAt('/newarrival?q=drone', listOf({ hasMore: false, next: null }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('form')).toBeNull();
    expect(screen.getByRole('main')).toBeEmptyDOMElement();
  });
});

describe('useStartCursor', () => {
  function Start(): ReactElement {
    return <p>{`start: ${useStartCursor()}`}</p>;
  }

  it("is the page's `cursor` query parameter", () => {
    renderArea(NEW_ARRIVALS, Start, '/newarrival?q=drone&cursor=c7');
    expect(screen.getByText('start: c7')).toBeInTheDocument();
  });

  it('is null without one', () => {
    renderArea(NEW_ARRIVALS, Start, '/newarrival?q=drone');
    expect(screen.getByText('start: null')).toBeInTheDocument();
  });
});
