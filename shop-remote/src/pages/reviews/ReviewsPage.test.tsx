import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getReviews, type Review } from '@marketplace/shared';
import { renderAt } from '../../testing/renderAt';
import { signIn, signOut } from '../../testing/session';

jest.mock('@marketplace/shared', () => ({ ...jest.requireActual('@marketplace/shared'), getReviews: jest.fn() }));
const mockedGetReviews = getReviews as jest.MockedFunction<typeof getReviews>;

const REVIEWS: Review[] = [
  { reviewid: 1, date: '2025-01-05', name: 'Rohan', title: 'Fast delivery', keywords: 'delivery service', description: 'Arrived a day early.' },
  { reviewid: 2, date: '2025-03-12', name: 'Priya', title: 'Great headphones', keywords: 'quality sound', description: 'Clear sound, <b>loud</b> bass.' },
  { reviewid: 3, date: '2025-02-20', name: 'Asha', title: 'Nice shirt', keywords: 'fashion', description: 'Fits well.' },
];

afterEach(() => {
  signOut();
  mockedGetReviews.mockReset();
});

describe('/review', () => {
  it('lists the reviews newest first with date, name, title, keyword tags and description', async () => {
    mockedGetReviews.mockResolvedValue(REVIEWS);
    await renderAt('/review');
    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews');

    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual(['Great headphones', 'Nice shirt', 'Fast delivery']);
    const newest = within(articles[0]);
    expect(newest.getByText('Priya')).toBeInTheDocument();
    expect(newest.getByText('12 Mar 2025')).toHaveAttribute('datetime', '2025-03-12');
    expect(within(newest.getByRole('list', { name: 'Keywords' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'quality',
      'sound',
    ]);
    // Markup in a review is shown as text, never as HTML.
    expect(newest.getByText('Clear sound, <b>loud</b> bass.')).toBeInTheDocument();
    expect(articles[0].querySelector('b')).toBeNull();
  });

  it("shows 'Add Review' only to a signed-in customer", async () => {
    mockedGetReviews.mockResolvedValue(REVIEWS);
    const { unmount } = await renderAt('/review');
    await screen.findAllByRole('article');
    expect(screen.queryByRole('link', { name: 'Add Review' })).not.toBeInTheDocument();
    unmount();

    signIn();
    await renderAt('/review');
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: 'Add Review' })).toHaveAttribute('href', '/addreview');
  });

  it('has the static categories and tags, and a search box that narrows the list', async () => {
    const user = userEvent.setup();
    mockedGetReviews.mockResolvedValue(REVIEWS);
    await renderAt('/review');
    await screen.findAllByRole('article');
    expect(screen.getByRole('region', { name: 'Categories' })).toHaveTextContent('Electronics');
    expect(screen.getByRole('region', { name: 'Tags' })).toHaveTextContent('delivery');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'shirt');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Nice shirt' })).toBeInTheDocument();
  });

  it("shows 'Something went wrong ...' when the list cannot be loaded", async () => {
    mockedGetReviews.mockRejectedValue(new ApiError(0, 'Network Error'));
    await renderAt('/review');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong ...');
  });
});
