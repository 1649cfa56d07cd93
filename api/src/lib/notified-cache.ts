import type { ListenFn } from '../db/listen';

/**
 * What a cache shared by several API processes needs (the catalogue and session caches): it
 * LISTENs on a channel and drops what a notification names; while the listening connection is
 * down nothing is kept (a notification could be missed), nor a value whose load overlapped a
 * change. Subclasses take `changeMark()` before loading and keep the value only if `mayKeep(mark)`.
 */
export abstract class NotifiedCache {
  private generation = 0;
  private listening = false;
  private stop: (() => Promise<void>) | null = null;
  private readonly watchers = new Set<(payload: string | null) => void>();

  protected constructor(private readonly channel: string) {}

  async start(listen: ListenFn): Promise<void> {
    this.stop = await listen(
      this.channel,
      (payload) => {
        this.changed();
        this.drop(payload);
        this.tellWatchers(payload);
      },
      (listening) => {
        this.listening = listening;
        this.changed();
        this.drop(null);
        this.tellWatchers(null);
      },
    );
    this.listening = true;
  }

  /**
   * Calls `watcher` after each drop the channel causes: a notification from any process (this one
   * included) with its payload, or the listening connection dropping or coming back (`null`: a
   * notification may have been missed). Not for drops made here at once (`dropHere`), whose
   * notification follows at commit. Returns the function that stops watching.
   */
  watch(watcher: (payload: string | null) => void): () => void {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  private tellWatchers(payload: string | null): void {
    for (const watcher of [...this.watchers]) watcher(payload);
  }

  /** Drops what a notification's payload names; `null`: everything. */
  protected abstract drop(payload: string | null): void;

  /**
   * Drops at once in this process what a notification with `payload` would drop: the writing
   * process must not wait for its own notification, or its next read could still see the old value.
   */
  protected dropHere(payload: string | null): void {
    this.changed();
    this.drop(payload);
  }

  /** Says a change happened: a load in flight is then not kept. */
  protected changed(): void {
    this.generation += 1;
  }

  protected changeMark(): number {
    return this.generation;
  }

  protected mayKeep(mark: number): boolean {
    return this.listening && mark === this.generation;
  }

  async close(): Promise<void> {
    this.watchers.clear();
    this.listening = false;
    this.drop(null);
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }
}
