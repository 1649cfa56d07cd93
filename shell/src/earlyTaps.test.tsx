import { useEffect, useState, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act } from '@testing-library/react';
import { holdEarlyTaps, replayEarlyTaps } from './earlyTaps';

// A server-rendered page hydrated by React for real: a tap before hydration is the user's; the
// effect that lets the held taps go is the one bootstrap.tsx renders beside the app.

function Toggle({ name }: { name: string }): ReactElement {
  const [taps, setTaps] = useState(0);
  return (
    <button type="button" onClick={() => setTaps((n) => n + 1)}>
      {name} {taps}
    </button>
  );
}

function RootCommitted(): null {
  useEffect(() => replayEarlyTaps(), []);
  return null;
}

function Page({ client = false }: { client?: boolean }): ReactElement {
  return (
    <>
      <header>
        <Toggle name="Menu" />
      </header>
      <main>
        <Toggle name="Heart" />
      </main>
      <footer>
        <form>
          <button type="submit">Subscribe</button>
        </form>
      </footer>
      {client && <RootCommitted />}
    </>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  replayEarlyTaps(); // ends what a test left held
});

function serverRendered(): HTMLElement {
  document.body.innerHTML = `<div id="root">${renderToString(<Page />)}</div>`;
  return document.getElementById('root')!;
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith(name)) as HTMLButtonElement;

it('a tap on a header button before hydration is not lost: it is clicked again, once, when the root has committed', async () => {
  const container = serverRendered();
  holdEarlyTaps();
  button('Menu').click();
  expect(button('Menu').textContent).toBe('Menu 0');

  await act(async () => {
    root = hydrateRoot(container, <Page client />);
  });
  expect(button('Menu').textContent).toBe('Menu 1');

  // From now on React has it: one tap, one click.
  await act(async () => button('Menu').click());
  expect(button('Menu').textContent).toBe('Menu 2');
});

it("leaves the content's taps to React (its area hydrates later, in boundaries of its own)", async () => {
  const container = serverRendered();
  holdEarlyTaps();
  const seen = jest.fn();
  document.addEventListener('click', seen);
  button('Heart').click();
  document.removeEventListener('click', seen);
  expect(seen).toHaveBeenCalledTimes(1);
  await act(async () => {
    root = hydrateRoot(container, <Page client />);
  });
  expect(button('Heart').textContent).toBe('Heart 0');
});

it('holds no submit button: its form is sent natively, once', () => {
  const container = serverRendered();
  const submitted = jest.fn((event: Event) => event.preventDefault());
  container.querySelector('form')!.addEventListener('submit', submitted);
  holdEarlyTaps();
  button('Subscribe').click();
  replayEarlyTaps();
  expect(submitted).toHaveBeenCalledTimes(1);
});

it('drops the tap of a button the page no longer has (the page was rendered afresh)', () => {
  serverRendered();
  holdEarlyTaps();
  const stale = button('Menu');
  stale.click();
  stale.remove();
  const clicked = jest.fn();
  stale.addEventListener('click', clicked);
  replayEarlyTaps();
  expect(clicked).not.toHaveBeenCalled();
});

it('stops holding once the app listens: a plain button works at once', () => {
  serverRendered();
  holdEarlyTaps();
  replayEarlyTaps();
  const clicked = jest.fn();
  button('Menu').addEventListener('click', clicked);
  button('Menu').click();
  expect(clicked).toHaveBeenCalledTimes(1);
});
