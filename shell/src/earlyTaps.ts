/**
 * Taps on the header's and footer's buttons (the phone menu, search, account) of a server-rendered
 * page before the app has hydrated it. Links and forms work without the app; a button does nothing
 * until React listens. Each such tap is held back and clicked again, once, when the shell's root has
 * committed. The page's content (`main`) is left to React: its remote's code and page hydrate later,
 * in boundaries of their own, which the shell cannot see complete.
 */
interface EarlyTaps {
  held: HTMLButtonElement[];
  holding: boolean;
  listener: ((event: MouseEvent) => void) | null;
}

declare global {
  interface Window {
    /** Kept on the page: the first-view loader (a script of its own) starts holding, the app replays. */
    __MARKETPLACE_EARLY_TAPS__?: EarlyTaps;
  }
}

function state(): EarlyTaps {
  return (window.__MARKETPLACE_EARLY_TAPS__ ??= { held: [], holding: false, listener: null });
}

function holdTap(event: MouseEvent): void {
  if (!(event.target instanceof Element)) return;
  const button = event.target.closest('button');
  // A submit button sends its form natively (the app's own wait until hydrated: SubmitButton).
  if (!button || button.type === 'submit' || button.disabled || button.closest('main')) return;
  event.stopPropagation();
  state().held.push(button);
}

/** Called as the page's first script starts, on a page that came rendered from the server. */
export function holdEarlyTaps(): void {
  const taps = state();
  if (taps.holding) return;
  taps.held = [];
  taps.holding = true;
  taps.listener = holdTap;
  document.addEventListener('click', holdTap, true);
}

/**
 * The app listens now (its root has committed), or will not start: holding ends, and the held taps
 * are clicked again in order, those on buttons the page still has (one rendered afresh has not).
 */
export function replayEarlyTaps(): void {
  const taps = state();
  if (!taps.holding) return;
  if (taps.listener) document.removeEventListener('click', taps.listener, true);
  taps.holding = false;
  taps.listener = null;
  const held = taps.held;
  taps.held = [];
  for (const button of held) if (button.isConnected && !button.disabled) button.click();
}
