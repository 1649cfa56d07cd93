// The rendering host's render workers: one worker thread per set of releases other than the live
// ones (the canaries a visitor gets), created when the renderer sees a canary start, or at its first
// page, at most `max` at once. The main
// thread holds the live releases' server containers; the federation runtime keeps one container
// per remote name on globalThis, so another release of a remote (or another shell's server build)
// is loaded only in a thread of its own (docs/decisions.md).
import { Worker } from 'node:worker_threads';
import type { FrontEndName } from '../frontEnds';
import type { RenderedPage } from './renderContract';
import type { RenderJob } from './renderJob';
import type { RenderMessage, RenderReply, RenderWorkerData } from './renderWorker';

/** A set of releases: the key of its runtime config, and the canaries that make it. */
export interface ReleaseSet {
  key: string;
  canaries: readonly FrontEndName[];
}

/** The heap a worker may use: one that outgrows it is ended (its render fails) and replaced. */
const WORKER_HEAP_MB = 512;

interface Pending {
  resolve(page: RenderedPage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

class RenderWorker {
  readonly set: ReleaseSet;
  readonly thread: Worker;
  readonly pending = new Map<number, Pending>();
  /** Ended once its renders under way are answered (its set is no longer served). */
  ending = false;
  gone = false;

  constructor(set: ReleaseSet, data: RenderWorkerData) {
    this.set = set;
    this.thread = new Worker(new URL('./renderWorker.mjs', import.meta.url), {
      workerData: data,
      // The loader is registered by the entry; the parent's preloads are the process's, not a worker's.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // The HTTP server keeps the process up; a worker alone does not.
    this.thread.unref();
  }
}

export class RenderWorkers {
  readonly max: number;
  readonly timeoutMs: number;
  readonly log: Pick<Console, 'error'>;
  /** The workers, the least recently used first. */
  readonly #workers = new Map<string, RenderWorker>();
  #nextId = 0;
  /** Workers started so far (the tests read it). */
  started = 0;

  /** `timeoutMs`: a render not answered by then is failed and its worker replaced (hung). */
  constructor({ max, timeoutMs, log }: { max: number; timeoutMs: number; log: Pick<Console, 'error'> }) {
    this.max = max;
    this.timeoutMs = timeoutMs;
    this.log = log;
  }

  /** The workers alive. */
  get size(): number {
    return this.#workers.size;
  }

  /** The sets of releases a worker renders now. */
  sets(): ReleaseSet[] {
    return [...this.#workers.values()].map((worker) => worker.set);
  }

  /**
   * Renders `job` in the worker of `set`, started (with `start()`'s data) when it has none. Null
   * when there is no room for another worker: as many as `max` are alive and each is rendering
   * (an idle one, the least recently used, gives way). Rejects when the render fails, the worker
   * fails or it does not answer within `timeoutMs` (the worker is then replaced).
   */
  render(set: ReleaseSet, start: () => RenderWorkerData, job: RenderJob): Promise<RenderedPage | null> {
    let worker = this.#workers.get(set.key);
    if (worker && worker.ending) worker = undefined;
    if (!worker) {
      if (this.#workers.size >= this.max && !this.#evictIdle()) return Promise.resolve(null);
      worker = this.#start(set, start());
    }
    // Most recently used: last.
    this.#workers.delete(set.key);
    this.#workers.set(set.key, worker);
    const id = (this.#nextId += 1);
    const thread = worker;
    return new Promise<RenderedPage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#fail(thread, new Error(`a render took over ${this.timeoutMs} ms: the worker is replaced`));
      }, this.timeoutMs);
      thread.pending.set(id, { resolve, reject, timer });
      thread.thread.postMessage({ id, job } satisfies RenderMessage);
    });
  }

  /**
   * Starts the worker of `set` before its first page (its shell build and remotes load meanwhile),
   * when it has none and there is room without ending another: false when not started.
   */
  prestart(set: ReleaseSet, start: () => RenderWorkerData): boolean {
    if (this.#workers.has(set.key) || this.#workers.size >= this.max) return false;
    this.#start(set, start());
    return true;
  }

  /** Ends the workers whose set `keep` no longer wants (each once its renders under way are answered). */
  retain(keep: (set: ReleaseSet) => boolean): void {
    for (const worker of [...this.#workers.values()]) if (!keep(worker.set)) this.#end(worker);
  }

  /** Ends every worker (their renders under way fail). */
  async close(): Promise<void> {
    const workers = [...this.#workers.values()];
    this.#workers.clear();
    await Promise.all(workers.map((worker) => this.#terminate(worker, new Error('the renderer closed'))));
  }

  #start(set: ReleaseSet, data: RenderWorkerData): RenderWorker {
    const worker = new RenderWorker(set, data);
    this.started += 1;
    this.#workers.set(set.key, worker);
    worker.thread.on('message', ({ id, ...reply }: RenderReply) => {
      const pending = worker.pending.get(id);
      if (!pending) return;
      clearTimeout(pending.timer);
      worker.pending.delete(id);
      if ('page' in reply) pending.resolve(reply.page);
      else pending.reject(Object.assign(new Error('the render failed in its worker'), { stack: reply.error }));
      if (worker.ending && worker.pending.size === 0) this.#end(worker);
    });
    worker.thread.on('error', (error) => this.#fail(worker, error));
    worker.thread.on('exit', (code) => this.#fail(worker, new Error(`the render worker stopped (exit code ${code})`)));
    return worker;
  }

  /** A worker that crashed, hung or stopped: logged, its renders failed, gone (the next page starts another). */
  #fail(worker: RenderWorker, error: Error): void {
    if (worker.gone) return;
    this.log.error(`[render] the render worker of ${worker.set.canaries.join(', ')} failed:`, error);
    void this.#terminate(worker, error);
  }

  #end(worker: RenderWorker): void {
    worker.ending = true;
    if (worker.pending.size === 0) void this.#terminate(worker, new Error('the render worker was ended'));
  }

  async #terminate(worker: RenderWorker, error: Error): Promise<void> {
    if (worker.gone) return;
    worker.gone = true;
    if (this.#workers.get(worker.set.key) === worker) this.#workers.delete(worker.set.key);
    for (const { reject, timer } of worker.pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    worker.pending.clear();
    await worker.thread.terminate();
  }

  /** Ends the least recently used worker rendering nothing; false when every one is rendering. */
  #evictIdle(): boolean {
    for (const worker of this.#workers.values())
      if (worker.pending.size === 0) {
        void this.#terminate(worker, new Error('the render worker gave way'));
        return true;
      }
    return false;
  }
}
