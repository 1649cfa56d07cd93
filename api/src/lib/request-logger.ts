import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Record<string, unknown>;
type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes pino's child logger (bindings serialised, redaction set up) at
 * its first line only. Most requests log nothing (a success is logged at debug), so most never
 * pay for one: at the catalogue's read rates that was the largest per-request cost of logging.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: Bindings): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  private write(method: LogMethod, args: unknown[]): void {
    // A line below the level is dropped without making the child.
    if (!this.made && (this.parent as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(method) === false)
      return;
    (this.logger[method] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: each request's `req.log` is a LazyRequestLogger. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings as Bindings, options as Bindings) as unknown as FastifyBaseLogger;
