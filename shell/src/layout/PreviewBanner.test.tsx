import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREVIEW_KEY } from '@marketplace/shared';
import { registerRuntimeRemotes } from '../federation/remotes';
import { PreviewBanner } from './PreviewBanner';

// The edge: the federation runtime the registration talks to.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const remotes = { shop: 'http://localhost:3001/abc1234-0123abcd/mf-manifest.json' };

it('shows nothing when the tab previews nothing', () => {
  registerRuntimeRemotes({ remotes });
  const { container } = render(<PreviewBanner />);
  expect(container).toBeEmptyDOMElement();
});

it('names the previewed release on the page, and Exit preview ends the preview for this tab', async () => {
  sessionStorage.setItem(PREVIEW_KEY, 'shop@abc1234-0123abcd');
  registerRuntimeRemotes({ remotes, preview: { shop: 'abc1234-0123abcd' } });
  render(<PreviewBanner />);
  expect(screen.getByRole('status')).toHaveTextContent('Preview of shop abc1234-0123abcd');
  const exit = screen.getByRole('link', { name: 'Exit preview' });
  exit.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
  await userEvent.setup().click(exit);
  expect(sessionStorage.getItem(PREVIEW_KEY)).toBeNull();
});

it('says why a requested preview was not given', () => {
  registerRuntimeRemotes({
    remotes,
    preview: {},
    previewError: 'No published release of a remote to preview: shop@nope',
  });
  render(<PreviewBanner />);
  expect(screen.getByRole('status')).toHaveTextContent('No published release of a remote to preview: shop@nope');
  expect(screen.getByRole('link', { name: 'Exit preview' })).toBeInTheDocument();
});
