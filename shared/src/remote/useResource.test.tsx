import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { LoadFailed, Loading } from '../ui/LoadState';
import { useResource, type ResourceOptions } from './useResource';

/** A load whose answers the test gives, one pending promise per call. */
function controlledLoad() {
  const calls: { query: string; resolve(value: string): void; reject(error: unknown): void }[] = [];
  const load = jest.fn(
    (query: string) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ query, resolve, reject });
      }),
  );
  const answer = async (index: number, value: string) => act(async () => calls[index]!.resolve(value));
  const fail = async (index: number, error: unknown) => act(async () => calls[index]!.reject(error));
  return { load, calls, answer, fail };
}

function Greeting({
  load,
  query,
  options,
}: {
  load: (query: string) => Promise<string>;
  query: string;
  options?: ResourceOptions<string>;
}): ReactElement {
  const greeting = useResource(() => load(query), [query], options);
  return (
    <>
      {greeting.status === 'loading' && <Loading label="Loading greeting" />}
      {greeting.status === 'failed' && <LoadFailed what="The greeting could not be loaded." onRetry={greeting.retry} />}
      {greeting.status === 'ready' && (
        <p aria-busy={greeting.refreshing}>
          {greeting.data}
          {greeting.refreshing && ' (refreshing)'}
        </p>
      )}
      <button type="button" onClick={greeting.reload}>
        Reload
      </button>
      <button type="button" onClick={() => greeting.update((text) => `${text}!`)}>
        Shout
      </button>
    </>
  );
}

describe('useResource', () => {
  it('shows the spinner, then the data', async () => {
    const { load, answer } = controlledLoad();
    render(<Greeting load={load} query="a" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading greeting');
    await answer(0, 'hello a');
    expect(screen.getByText('hello a')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('drops the answer of a load the page no longer wants', async () => {
    const { load, answer } = controlledLoad();
    const { rerender } = render(<Greeting load={load} query="old" />);
    rerender(<Greeting load={load} query="new" />);
    await answer(1, 'hello new');
    await answer(0, 'hello old');
    expect(screen.getByText('hello new')).toBeInTheDocument();
    expect(screen.queryByText('hello old')).toBeNull();
  });

  it("says 'Something went wrong ...' on failure, and Try again loads from scratch", async () => {
    const { load, answer, fail } = controlledLoad();
    const onFailed = jest.fn();
    render(<Greeting load={load} query="a" options={{ onFailed }} />);
    await fail(0, new Error('down'));
    expect(screen.getByRole('alert')).toHaveTextContent('The greeting could not be loaded. Something went wrong ...');
    expect(onFailed).toHaveBeenCalledWith(new Error('down'), { background: false });

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Loading greeting')).toBeInTheDocument();
    await answer(1, 'hello again');
    expect(screen.getByText('hello again')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads in the background: the data stays until the new answer replaces it', async () => {
    const { load, answer } = controlledLoad();
    render(<Greeting load={load} query="a" />);
    await answer(0, 'first');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByText('first (refreshing)')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await answer(1, 'second');
    expect(screen.getByText('second')).toBeInTheDocument();
  });

  it('keeps the data when a reload fails, and reports the failure as a background one', async () => {
    const { load, answer, fail } = controlledLoad();
    const onFailed = jest.fn();
    render(<Greeting load={load} query="a" options={{ onFailed }} />);
    await answer(0, 'first');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await fail(1, new Error('down'));
    expect(screen.getByText('first')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onFailed).toHaveBeenCalledWith(new Error('down'), { background: true });
  });

  it('changes the data in place with update()', async () => {
    const { load, answer } = controlledLoad();
    render(<Greeting load={load} query="a" />);
    await answer(0, 'hello');
    await userEvent.click(screen.getByRole('button', { name: 'Shout' }));
    expect(screen.getByText('hello!')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts from initial data without fetching it, and fetches when the deps change', async () => {
    const { load, answer } = controlledLoad();
    const { rerender } = render(<Greeting load={load} query="a" options={{ initial: 'from the server' }} />);
    expect(screen.getByText('from the server')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    rerender(<Greeting load={load} query="b" options={{ initial: 'from the server' }} />);
    expect(load).toHaveBeenCalledWith('b');
    await answer(0, 'hello b');
    expect(screen.getByText('hello b')).toBeInTheDocument();
  });
});
