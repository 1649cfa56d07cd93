import type { RuntimeConfig } from '@marketplace/shared';

/**
 * Field telemetry of a page view (a page load and the navigations inside it), per release: the
 * front ends that served it, their errors, unavailable areas and failed loads, and the view's Web
 * Vitals, sent once with navigator.sendBeacon when the page is hidden. The front-end server counts
 * it against each release (a canary is judged by it: docs/releasing.md). Nothing personal is sent:
 * no URL, no user. Not sent in development (no releases) nor from a tab that previews releases.
 *
 * Type-only imports: the federation runtime plugin reports load failures here before shared
 * modules are negotiated.
 */

/** Where the shell's front-end server takes beacons. */
export const TELEMETRY_PATH = '/_telemetry';

interface AreaCounts {
  errors: number;
  unavailable: boolean;
  loadFailures: number;
}

type Vital = 'lcp' | 'inp' | 'cls';
const MAX_COUNT = 100;

export class PageViewTelemetry {
  private readonly areas = new Map<string, AreaCounts>();
  private readonly vitals: Partial<Record<Vital, number>> = {};
  private sent = false;

  constructor(
    private readonly releases: Record<string, string>,
    private readonly send: (body: string) => void,
  ) {
    this.shown('shell');
  }

  /** An area was shown in this view. */
  shown(area: string): AreaCounts | undefined {
    if (!this.releases[area]) return undefined;
    let counts = this.areas.get(area);
    if (!counts) this.areas.set(area, (counts = { errors: 0, unavailable: false, loadFailures: 0 }));
    return counts;
  }

  error(area: string): void {
    const counts = this.shown(area);
    if (counts) counts.errors = Math.min(counts.errors + 1, MAX_COUNT);
  }

  unavailable(area: string): void {
    const counts = this.shown(area);
    if (counts) counts.unavailable = true;
  }

  loadFailure(area: string): void {
    const counts = this.shown(area);
    if (counts) counts.loadFailures = Math.min(counts.loadFailures + 1, MAX_COUNT);
  }

  vital(name: Vital, value: number): void {
    this.vitals[name] = value;
  }

  /** The beacon's body (PageViewBeacon in platform/src/telemetry/beacon.ts). */
  body(): string {
    const areas: Record<string, AreaCounts & { release: string }> = {};
    for (const [area, counts] of this.areas) areas[area] = { release: this.releases[area], ...counts };
    const vitals: Partial<Record<Vital, number>> = {};
    for (const [name, value] of Object.entries(this.vitals) as [Vital, number][])
      vitals[name] = name === 'cls' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    return JSON.stringify({ v: 1, areas, vitals });
  }

  /** Sends the view once (the first time the page is hidden). */
  flush(): void {
    if (this.sent) return;
    this.sent = true;
    this.send(this.body());
  }
}

let current: PageViewTelemetry | null = null;

/** What the shell's parts report; nothing happens before startTelemetry or when it did not start. */
export const telemetry = {
  shown: (area: string) => void current?.shown(area),
  error: (area: string) => void current?.error(area),
  unavailable: (area: string) => void current?.unavailable(area),
  loadFailure: (area: string) => void current?.loadFailure(area),
};

/** The area whose code a script URL belongs to (its remote's origin and folder), else the shell. */
export function areaOfScript(url: string | undefined, remotes: Record<string, string>): string {
  if (url)
    for (const [area, manifest] of Object.entries(remotes)) {
      const folder = manifest.slice(0, manifest.lastIndexOf('/') + 1);
      if (folder && url.startsWith(folder)) return area;
    }
  return 'shell';
}

/**
 * Starts this page view's telemetry: uncaught errors attributed by their script's URL, Web Vitals
 * from the web-vitals library (loaded after the page, off the first view's path), the beacon when
 * the page is hidden.
 */
export function startTelemetry(config: Pick<RuntimeConfig, 'releases' | 'remotes' | 'preview'>): void {
  const releases = config.releases ?? {};
  if (!releases.shell || (config.preview && Object.keys(config.preview).length) || !navigator.sendBeacon) return;
  const view = new PageViewTelemetry(releases, (body) => {
    navigator.sendBeacon(TELEMETRY_PATH, body);
  });
  current = view;
  window.addEventListener('error', (e) => view.error(areaOfScript(e.filename, config.remotes)));
  window.addEventListener('unhandledrejection', (e) => {
    const stack = (e.reason as Error | undefined)?.stack ?? '';
    view.error(areaOfScript(/(https?:\/\/[^\s)]+)/.exec(stack)?.[1], config.remotes));
  });
  // On window: visibilitychange bubbles up from the document, so this runs after web-vitals' own
  // listeners there, which report their final values when the page is hidden. A page left for
  // another fires pagehide first and visibilitychange after (HTML's unload steps): pagehide sends
  // only for a page already hidden, else the beacon would go without the vitals.
  window.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && view.flush());
  window.addEventListener('pagehide', () => document.visibilityState === 'hidden' && view.flush());
  void import(/* webpackChunkName: "web-vitals" */ 'web-vitals').then(({ onLCP, onINP, onCLS }) => {
    onLCP((m) => view.vital('lcp', m.value));
    onINP((m) => view.vital('inp', m.value));
    onCLS((m) => view.vital('cls', m.value));
  });
}
