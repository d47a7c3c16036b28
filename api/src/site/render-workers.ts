import type { SectionState } from '@portfolio/contracts/page-render';
import { RenderWorkerThread, type RenderWorkerThreadOptions } from './render-worker-thread.js';
import { buildsSignature } from './section-builds.js';

export interface RenderWorkersOptions extends RenderWorkerThreadOptions {
  /** the shell's render module and page template, read afresh for each new worker */
  renderModule: string;
  readTemplate: () => string;
  /** the shell's build: a new one gets a new worker too */
  shellVersion: () => string;
  /** workers alive at once: the current one, and the one before it finishing its pages (or a preview's) */
  maxWorkers: number;
  /** a worker that could not load a section is replaced this long after it started, to try again */
  retryUnavailableMs: number;
}

/**
 * The render workers, one per set of section builds. A set seen for the first time gets a new worker;
 * the oldest beyond `maxWorkers` is retired, so the code of a replaced build is gone with its thread.
 */
export class RenderWorkers {
  private readonly workers = new Map<string, RenderWorkerThread>();
  private readonly unavailable = new WeakMap<RenderWorkerThread, boolean>();

  constructor(private readonly options: RenderWorkersOptions) {}

  /** Pages rendered with the same signature are the same pages. */
  signatureOf(sections: readonly SectionState[]): string {
    return `${this.options.shellVersion()}\n${buildsSignature(sections)}`;
  }

  workerFor(sections: readonly SectionState[]): RenderWorkerThread {
    const signature = this.signatureOf(sections);
    let worker = this.workers.get(signature);
    if (worker && (worker.dead || this.wantsRetry(worker))) {
      this.workers.delete(signature);
      worker.retire();
      worker = undefined;
    }
    if (!worker) {
      worker = new RenderWorkerThread(
        signature,
        { renderModule: this.options.renderModule, template: this.options.readTemplate(), sections },
        this.options,
      );
      const started = worker;
      started.ready.then(
        ({ unavailable }) => this.unavailable.set(started, unavailable.length > 0),
        () => undefined,
      );
    }
    // most recently used last: the first ones are the first to go
    this.workers.delete(signature);
    this.workers.set(signature, worker);
    for (const [oldSignature, old] of this.workers) {
      if (this.workers.size <= this.options.maxWorkers) break;
      this.workers.delete(oldSignature);
      old.retire();
    }
    return worker;
  }

  get size(): number {
    return this.workers.size;
  }

  async close(): Promise<void> {
    const workers = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(workers.map((worker) => worker.end()));
  }

  private wantsRetry(worker: RenderWorkerThread): boolean {
    return this.unavailable.get(worker) === true && Date.now() - worker.startedAt >= this.options.retryUnavailableMs;
  }
}
