import promClient from 'prom-client';
import type { PageRenderer } from '../render/renderer';
import type { TelemetryFigures } from './figures';

/** Latency buckets (seconds): a file from memory takes a millisecond, a page render up to a second or two. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface MetricsSources {
  frontEnd: string;
  renderer?: PageRenderer | null;
  /** The field figures this server collects (the shell's server). */
  figures?: () => TelemetryFigures | null;
  /** Passes of the canary watcher so far. */
  canaryChecks?: () => number;
}

/**
 * GET /metrics of a front-end server, in the Prometheus text format (prom-client, as the API):
 * requests by route and status with a latency histogram (routes are patterns, never a path a
 * client chose), the rendered-page cache's hits and misses, renders and render failures per shell
 * release (on the main thread or in a render worker alike), the render workers alive, the field
 * telemetry per release, and the process's own figures. One registry per server (tests start many
 * in one process).
 */
export class FrontEndMetrics {
  readonly registry = new promClient.Registry();
  private readonly requests: promClient.Counter<'route' | 'status'>;
  private readonly latency: promClient.Histogram<'route'>;
  private readonly beacons: promClient.Counter<'status'>;

  constructor({ frontEnd, renderer, figures, canaryChecks }: MetricsSources) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ front_end: frontEnd });
    promClient.collectDefaultMetrics({ register: this.registry });
    this.requests = new promClient.Counter({
      name: 'marketplace_frontend_requests_total',
      help: 'Requests answered, by route pattern and status',
      labelNames: ['route', 'status'],
      registers,
    });
    this.latency = new promClient.Histogram({
      name: 'marketplace_frontend_request_duration_seconds',
      help: 'Time to answer a request, by route pattern',
      labelNames: ['route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    if (renderer) {
      new promClient.Counter({
        name: 'marketplace_frontend_page_cache_lookups_total',
        help: 'Server-rendered pages answered from memory (hit) or rendered (miss)',
        labelNames: ['result'],
        registers,
        collect() {
          this.reset();
          this.inc({ result: 'hit' }, renderer.cacheLookups.hits);
          this.inc({ result: 'miss' }, renderer.cacheLookups.misses);
        },
      });
      new promClient.Counter({
        name: 'marketplace_frontend_renders_total',
        help: 'Pages rendered on the server, by shell release and result (failed: left to the browser)',
        labelNames: ['release', 'result'],
        registers,
        collect() {
          this.reset();
          for (const [release, { rendered, failed }] of renderer.renders) {
            this.inc({ release, result: 'rendered' }, rendered);
            this.inc({ release, result: 'failed' }, failed);
          }
        },
      });
      new promClient.Gauge({
        name: 'marketplace_frontend_render_workers',
        help: "Render workers alive (each renders the pages of one set of canaries' releases)",
        registers,
        collect() {
          this.set(renderer.workers.size);
        },
      });
    }
    if (figures) {
      const perRelease = (
        name: string,
        help: string,
        read: (s: ReturnType<TelemetryFigures['all']>[number]) => number,
      ) =>
        new promClient.Counter({
          name,
          help,
          labelNames: ['area', 'release'],
          registers,
          collect() {
            this.reset();
            for (const summary of figures()?.all() ?? [])
              this.inc({ area: summary.frontEnd, release: summary.release }, read(summary));
          },
        });
      perRelease(
        'marketplace_telemetry_page_views_total',
        'Page views reported by browsers, per front end release',
        (s) => s.views,
      );
      perRelease(
        'marketplace_telemetry_failed_views_total',
        'Page views in which the release had an error, an unavailable area or a failed load',
        (s) => s.failedViews,
      );
      perRelease('marketplace_telemetry_errors_total', 'Errors attributed to the release in browsers', (s) => s.errors);
      perRelease(
        'marketplace_telemetry_unavailable_total',
        'Page views that showed the release area as unavailable',
        (s) => s.unavailable,
      );
      perRelease(
        'marketplace_telemetry_load_failures_total',
        'Manifest or chunk loads of the release that failed in browsers',
        (s) => s.loadFailures,
      );
      new promClient.Gauge({
        name: 'marketplace_telemetry_p75_seconds',
        help: '75th percentile of LCP and INP (seconds) reported by browsers, per front end release',
        labelNames: ['area', 'release', 'vital'],
        registers,
        collect() {
          this.reset();
          for (const s of figures()?.all() ?? [])
            for (const vital of ['lcp', 'inp'] as const) {
              const value = s.p75[vital];
              if (value !== null) this.set({ area: s.frontEnd, release: s.release, vital }, value / 1000);
            }
        },
      });
    }
    if (canaryChecks)
      new promClient.Counter({
        name: 'marketplace_canary_checks_total',
        help: 'Passes of the canary watcher over the running canaries',
        registers,
        collect() {
          this.reset();
          this.inc(canaryChecks());
        },
      });
    this.beacons = new promClient.Counter({
      name: 'marketplace_telemetry_beacons_total',
      help: 'Beacons received, by answer status (204 counted; 4xx refused)',
      labelNames: ['status'],
      registers,
    });
  }

  /** Counts a beacon's answer. */
  beacon(status: number): void {
    this.beacons.inc({ status: String(status) });
  }

  /** Counts an answered request. */
  observe(route: string, status: number, seconds: number): void {
    this.requests.inc({ route, status: String(status) });
    this.latency.observe({ route }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
