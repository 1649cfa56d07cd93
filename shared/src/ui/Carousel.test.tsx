import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Carousel } from './Carousel';

const SLIDES = ['Paintings', 'Coins', 'Sports'].map((label) => ({ label, content: <p>{label} slide</p> }));

function current(): string | null {
  const dots = within(screen.getByRole('group', { name: 'Choose a slide' })).getAllByRole('button');
  return dots.find((d) => d.getAttribute('aria-current') === 'true')?.getAttribute('aria-label') ?? null;
}

afterEach(() => jest.useRealTimers());

describe('Carousel', () => {
  it('shows one slide at a time and moves with previous, next and the dots', async () => {
    render(<Carousel label="Categories" slides={SLIDES} intervalMs={0} />);
    const region = screen.getByRole('region', { name: 'Categories' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByText('Paintings slide')).toBeVisible();
    expect(within(region).getAllByRole('group', { name: /of 3$/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe('Slide 3: Sports');
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe('Slide 1: Paintings');
    await userEvent.click(screen.getByRole('button', { name: 'Slide 2: Coins' }));
    expect(screen.getByRole('group', { name: '2 of 3' })).toHaveTextContent('Coins slide');
  });

  it('advances on its own and stops when paused', () => {
    jest.useFakeTimers();
    render(<Carousel label="Categories" slides={SLIDES} intervalMs={1000} />);
    act(() => jest.advanceTimersByTime(1000));
    expect(current()).toBe('Slide 2: Coins');

    act(() => screen.getByRole('button', { name: 'Stop automatic slide show' }).click());
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => jest.advanceTimersByTime(5000));
    expect(current()).toBe('Slide 2: Coins');
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
  });

  it('does not rotate for people who ask for reduced motion', () => {
    jest.useFakeTimers();
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    const matchMedia = jest.fn().mockReturnValue({ matches: true });
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      render(<Carousel label="Categories" slides={SLIDES} intervalMs={1000} />);
      act(() => jest.advanceTimersByTime(5000));
      expect(current()).toBe('Slide 1: Paintings');
      expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});
