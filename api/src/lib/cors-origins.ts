import { readFileSync, statSync } from 'node:fs';

/** How often the release registry's file is looked at (a stat), at most. */
const RECHECK_MS = 1000;

/**
 * The origins whose pages may call the API: the configured list (CORS_ORIGINS), plus the origin of
 * every front end the release registry serves from another base URL (`npm run release -- move`),
 * read again when the registry changes, so moving a remote needs no restart of the API.
 */
export class AllowedOrigins {
  private fromRegistry = new Set<string>();
  private stamp = '';
  private checkedAt = -Infinity;

  constructor(
    private readonly configured: readonly string[],
    private readonly registryFile?: string,
  ) {}

  has(origin: string): boolean {
    if (this.configured.includes(origin)) return true;
    if (!this.registryFile) return false;
    this.refresh();
    return this.fromRegistry.has(origin);
  }

  private refresh(): void {
    const now = Date.now();
    if (now - this.checkedAt < RECHECK_MS) return;
    this.checkedAt = now;
    let stamp = 'none';
    try {
      const info = statSync(this.registryFile!);
      stamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
    } catch {
      // no registry (yet): only the configured origins
    }
    if (stamp === this.stamp) return;
    try {
      const next = new Set<string>();
      if (stamp !== 'none') {
        const registry = JSON.parse(readFileSync(this.registryFile!, 'utf8')) as {
          frontEnds?: Record<string, { url?: unknown }>;
        };
        for (const pointer of Object.values(registry.frontEnds ?? {})) {
          if (typeof pointer?.url !== 'string') continue;
          const url = new URL(pointer.url);
          if (url.protocol === 'http:' || url.protocol === 'https:') next.add(url.origin);
        }
      }
      this.fromRegistry = next;
      this.stamp = stamp;
    } catch {
      // a registry being replaced or broken: keep the origins last read
    }
  }
}
