/** Waits before each new attempt at loading code: a network blip or a server restarting passes. */
export const RETRY_DELAYS_MS: readonly number[] = [250, 750, 1500];

/**
 * Runs `attempt` until it succeeds, once more after each delay (so `delays.length + 1` tries);
 * rejects with the last error. `beforeRetry` runs before each new try (e.g. to drop a cached failure).
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { delays = RETRY_DELAYS_MS, beforeRetry }: { delays?: readonly number[]; beforeRetry?: () => void } = {},
): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= delays.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[tries]));
      beforeRetry?.();
    }
  }
}
