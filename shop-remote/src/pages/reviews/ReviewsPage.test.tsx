import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Page, type Review } from '@marketplace/shared';
import { mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

/** As GET /getreviews pages them: the most recently added first. */
const REVIEWS: Review[] = [
  {
    reviewid: 3,
    date: '2025-03-12',
    name: 'Priya',
    title: 'Great headphones',
    keywords: 'quality sound',
    description: 'Clear sound, <b>loud</b> bass.',
  },
  {
    reviewid: 2,
    date: '2025-02-20',
    name: 'Asha',
    title: 'Nice shirt',
    keywords: 'fashion',
    description: 'Fits well.',
  },
  {
    reviewid: 1,
    date: '2025-01-05',
    name: 'Rohan',
    title: 'Fast delivery',
    keywords: 'delivery service',
    description: 'Arrived a day early.',
  },
];
const OLDER: Review[] = [
  {
    reviewid: 0,
    date: '2024-12-24',
    name: 'Meera',
    title: 'Good packaging',
    keywords: 'packaging',
    description: 'Well wrapped.',
  },
];

const lastPage = (items: Review[]): Page<Review> => ({ items, next: null });

describe('/review', () => {
  it('lists the reviews newest first with date, name, title, keyword tags and description', async () => {
    api.getReviewsPage.mockResolvedValue(lastPage(REVIEWS));
    await renderAt('/review');
    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews');

    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Great headphones',
      'Nice shirt',
      'Fast delivery',
    ]);
    const newest = within(articles[0]);
    expect(newest.getByText('Priya')).toBeInTheDocument();
    expect(newest.getByText('12 Mar 2025')).toHaveAttribute('datetime', '2025-03-12');
    expect(
      within(newest.getByRole('list', { name: 'Keywords' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['quality', 'sound']);
    // Markup in a review is shown as text, never as HTML.
    expect(newest.getByText('Clear sound, <b>loud</b> bass.')).toBeInTheDocument();
    expect(articles[0].querySelector('b')).toBeNull();
  });

  it("shows 'Add Review' only to a signed-in customer", async () => {
    api.getReviewsPage.mockResolvedValue(lastPage(REVIEWS));
    const { unmount } = await renderAt('/review');
    await screen.findAllByRole('article');
    expect(screen.queryByRole('link', { name: 'Add Review' })).not.toBeInTheDocument();
    unmount();

    signInAs();
    await renderAt('/review');
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: 'Add Review' })).toHaveAttribute('href', '/addreview');
  });

  it('has the static categories and tags, and a search box that narrows the list', async () => {
    const user = userEvent.setup();
    api.getReviewsPage.mockResolvedValue(lastPage(REVIEWS));
    await renderAt('/review');
    await screen.findAllByRole('article');
    expect(screen.getByRole('region', { name: 'Categories' })).toHaveTextContent('Electronics');
    expect(screen.getByRole('region', { name: 'Tags' })).toHaveTextContent('delivery');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'shirt');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Nice shirt' })).toBeInTheDocument();
  });

  it("shows 'Something went wrong ...' when the list cannot be loaded", async () => {
    api.getReviewsPage.mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt('/review');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong ...');
  });
});

describe('/review, a page at a time', () => {
  it('reads the first page only, then appends the next one with Load more reviews (its cursor) until none follows', async () => {
    const user = userEvent.setup();
    api.getReviewsPage.mockResolvedValueOnce({ items: REVIEWS, next: 'r1' }).mockResolvedValueOnce(lastPage(OLDER));
    await renderAt('/review');
    await screen.findAllByRole('article');
    expect(api.getReviewsPage).toHaveBeenCalledTimes(1);
    expect(api.getReviewsPage.mock.calls[0][0]).toEqual({});
    expect(api.getReviews).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(api.getReviewsPage).toHaveBeenLastCalledWith({ cursor: 'r1' });
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Great headphones',
      'Nice shirt',
      'Fast delivery',
      'Good packaging',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Good packaging' })).toHaveFocus();
  });

  it('is a real button, busy and disabled while the page loads, and shows a review that comes again once', async () => {
    const user = userEvent.setup();
    let answer: (page: Page<Review>) => void = () => undefined;
    api.getReviewsPage
      .mockResolvedValueOnce({ items: REVIEWS.slice(0, 2), next: 'r1' })
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderAt('/review');
    await screen.findAllByRole('article');

    const more = screen.getByRole('button', { name: 'Load more reviews' });
    more.focus();
    await user.keyboard('{Enter}');
    const busy = screen.getByRole('button', { name: 'Loading…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    // Review 2 was added again meanwhile (it comes on both pages): shown once.
    act(() => answer({ items: [REVIEWS[1], REVIEWS[2]], next: 'r2' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getAllByRole('heading', { name: 'Nice shirt' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more reviews' })).toBeEnabled();
    expect(screen.getByRole('article', { name: 'Fast delivery' })).toHaveFocus();
  });

  it("keeps the reviews shown and says 'Something went Wrong' when the next page fails", async () => {
    const user = userEvent.setup();
    api.getReviewsPage
      .mockResolvedValueOnce({ items: REVIEWS, next: 'r1' })
      .mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    await renderAt('/review');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    expect(await toastKind('Something went Wrong')).toBe('error');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Load more reviews' })).toBeEnabled();
  });
});
