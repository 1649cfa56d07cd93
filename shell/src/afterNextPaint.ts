/**
 * Runs `work` in a task after the next frame has been painted, so what an input changed on screen
 * is shown before work that can wait (restyling the whole page, loading a chunk); returns the way
 * to cancel it.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `work` once the page has nothing more urgent to do (at most `limitMs` later); returns the
 * way to cancel it. Browsers without requestIdleCallback wait a short while instead.
 */
export function whenIdle(work: () => void, limitMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: limitMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 100);
  return () => clearTimeout(timer);
}

/**
 * Resolves in a task of its own, ahead of other queued work where the browser can say so
 * (scheduler.yield): a long start-up split at these points lets the browser paint and take taps
 * between its parts.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
