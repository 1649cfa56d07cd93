import { render, screen } from '@testing-library/react';
import { Picture } from './Picture';

const sources = {
  avif: '/images/a-160.avif 160w, /images/a-400.avif 400w',
  webp: '/images/a-400.webp 400w',
  width: 400,
  height: 400,
};

it("paints the page's main photo with the page around it, fetched first; the others decode apart and wait", () => {
  render(
    <>
      <Picture
        src="/images/a.png"
        sources={sources}
        sizes="50vw"
        alt="Main"
        width={400}
        height={400}
        lazy={false}
        priority
      />
      <Picture src="/images/b.png" sources={sources} sizes="50vw" alt="Other" width={400} height={400} />
    </>,
  );
  const main = screen.getByAltText('Main');
  expect(main).toHaveAttribute('decoding', 'sync');
  expect(main).toHaveAttribute('fetchpriority', 'high');
  expect(main).toHaveAttribute('loading', 'eager');
  // The browser reports when it is on screen (the shell starts its code after that).
  expect(main).toHaveAttribute('elementtiming', 'main-photo');
  const other = screen.getByAltText('Other');
  expect(other).toHaveAttribute('decoding', 'async');
  expect(other).not.toHaveAttribute('fetchpriority');
  expect(other).toHaveAttribute('loading', 'lazy');
  expect(other).not.toHaveAttribute('elementtiming');
});
