import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AreaRoutes, lazyPage, retryFailedPages } from './AreaRoutes';
import { RETRY_DELAYS_MS } from './retry';

const chunkError = () => Object.assign(new Error('Loading chunk 185 failed.'), { name: 'ChunkLoadError' });

/** Stands in for the shell's area boundary: shows the error, and on Retry lets failed pages load again. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? (
      <button
        type="button"
        onClick={() => {
          retryFailedPages();
          this.setState({ error: null });
        }}
      >
        {`failed: ${this.state.error.message}`}
      </button>
    ) : (
      this.props.children
    );
  }
}

function renderPage(load: () => Promise<{ Page: () => ReactNode }>) {
  const Page = lazyPage(load, (m) => m.Page);
  return render(
    <MemoryRouter initialEntries={['/review']}>
      <Boundary>
        <AreaRoutes pages={{ '/review': Page }} />
      </Boundary>
    </MemoryRouter>,
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('renders a page whose chunk failed twice, once a retry gets it', async () => {
  const load = jest
    .fn()
    .mockRejectedValueOnce(chunkError())
    .mockRejectedValueOnce(chunkError())
    .mockResolvedValue({ Page: () => <h1>Reviews</h1> });
  renderPage(load);
  await act(() => jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]));
  expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(3);
});

it('hands the error to the boundary after its last try, and loads afresh when rendered again', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let serverUp = false;
  const load = jest.fn(async () => {
    if (!serverUp) throw chunkError();
    return { Page: () => <h1>Reviews</h1> };
  });
  renderPage(load);
  await act(() => jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)));
  expect(screen.getByRole('button', { name: 'failed: Loading chunk 185 failed.' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);

  serverUp = true;
  await act(async () => screen.getByRole('button').click());
  await act(() => jest.advanceTimersByTimeAsync(0));
  expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
  error.mockRestore();
});
