import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ApiError } from '../api/http';
import { LoadFailed, Loading } from '../ui/LoadState';
import { provideServerData } from './serverData';
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

describe('useResource with a server-rendered answer (`key`)', () => {
  afterEach(() => provideServerData({}));

  /** Says the state in words: the data, or the status of the error. */
  function Product({
    load,
    options,
  }: {
    load: () => Promise<string>;
    options?: ResourceOptions<string>;
  }): ReactElement {
    const product = useResource(load, [], options);
    return (
      <>
        <p>
          {product.status === 'ready' && `ready: ${product.data}`}
          {product.status === 'loading' && 'loading'}
          {product.status === 'failed' &&
            `failed: ${product.error instanceof ApiError ? `${product.error.status} ${product.error.message}` : 'other'}`}
        </p>
        <button type="button" onClick={product.retry}>
          Retry
        </button>
      </>
    );
  }

  it('starts ready with the embedded data on its first render, and never loads', async () => {
    provideServerData({ 'product:1': { data: 'Drone' } });
    const { load } = controlledLoad();
    const renders: string[] = [];
    function FirstRender(): ReactElement {
      const product = useResource(() => load('1'), [], { key: 'product:1' });
      renders.push(product.status === 'ready' ? `ready: ${product.data}` : product.status);
      return <p>{product.status}</p>;
    }
    render(<FirstRender />);
    await act(async () => undefined);
    expect(renders[0]).toBe('ready: Drone');
    expect(renders.every((r) => r === 'ready: Drone')).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts failed with an embedded refusal, as an ApiError of its status, without loading; Retry loads', async () => {
    provideServerData({ 'product:99': { error: { status: 404, message: 'No such product' } } });
    const { load, answer } = controlledLoad();
    render(<Product load={() => load('99')} options={{ key: 'product:99' }} />);
    expect(screen.getByText('failed: 404 No such product')).toBeInTheDocument();
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await answer(0, 'Drone after all');
    expect(screen.getByText('ready: Drone after all')).toBeInTheDocument();
  });

  it('takes the embedded answer once: a later page with the same key loads afresh', async () => {
    provideServerData({ 'product:1': { data: 'Drone' } });
    const { load, answer } = controlledLoad();
    const first = render(<Product load={() => load('1')} options={{ key: 'product:1' }} />);
    expect(screen.getByText('ready: Drone')).toBeInTheDocument();
    first.unmount();

    render(<Product load={() => load('1')} options={{ key: 'product:1' }} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await answer(0, 'Drone, read again');
    expect(screen.getByText('ready: Drone, read again')).toBeInTheDocument();
  });

  it('loads as before without a key, or with a key nothing was embedded for', async () => {
    provideServerData({ 'product:1': { data: 'Drone' } });
    const { load, answer } = controlledLoad();
    render(<Product load={() => load('1')} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await answer(0, 'Drone from the API');
    expect(screen.getByText('ready: Drone from the API')).toBeInTheDocument();

    render(<Product load={() => load('2')} options={{ key: 'product:2' }} />);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ignores an embedded entry that is neither { data } nor { error }', () => {
    provideServerData({ 'product:1': 'Drone' });
    const { load } = controlledLoad();
    render(<Product load={() => load('1')} options={{ key: 'product:1' }} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
