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
