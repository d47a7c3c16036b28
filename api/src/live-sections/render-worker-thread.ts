import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { PageRequest, RenderedPage, SectionRouteIds } from '@portfolio/contracts/page-render';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { RenderWorkerData, WorkerMessage, WorkerRequest } from './render-messages.js';

/**
 * What one render worker may use: a render that needs more ends its worker (the pool starts another), not the
 * server. A worker with the site's sections keeps about 40 MB alive; a small young generation keeps its RSS low.
 */
export const renderWorkerLimits: ResourceLimits = {
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 8,
  stackSizeMb: 4,
};

export interface RenderWorkerThreadOptions {
  script: URL;
  startTimeoutMs: number;
  renderTimeoutMs: number;
}

interface Pending {
  resolve: (message: WorkerMessage) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * One render worker (started only by SectionRenderers, the one place a Worker is made): started with one set of section builds, answering render and sitemap requests
 * by id. A worker that stops answering is ended; one that is retired ends once its last answer is out.
 */
export class RenderWorkerThread {
  readonly ready: Promise<{ unavailable: RemoteName[] }>;
  /** settles when the thread is gone, whatever ended it */
  readonly exited: Promise<void>;
  readonly startedAt = Date.now();
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private retired = false;
  private ended = false;

  constructor(
    readonly signature: string,
    data: RenderWorkerData,
    private readonly options: RenderWorkerThreadOptions,
  ) {
    this.worker = new Worker(options.script, { workerData: data, resourceLimits: renderWorkerLimits });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the render worker did not start within ${options.startTimeoutMs} ms`));
        void this.end();
      }, options.startTimeoutMs);
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve({ unavailable: message.unavailable });
        } else if (message.kind === 'failed') {
          clearTimeout(timer);
          reject(new Error(`the render worker could not start: ${message.error}`));
          void this.end();
        } else this.settle(message);
      });
      this.worker.on('error', (error: Error) => {
        clearTimeout(timer);
        reject(error);
        this.failAll(error);
      });
      this.worker.on('exit', (code) => {
        clearTimeout(timer);
        this.ended = true;
        const error = new Error(`the render worker ended (exit ${code})`);
        reject(error);
        this.failAll(error);
      });
    });
    // a start-up failure is also reported to whoever awaits `ready`
    this.ready.catch(() => undefined);
  }

  /** Ended, or no longer answering: the pool starts another. */
  get dead(): boolean {
    return this.ended;
  }

  /** Rendering something now: ending it would cost a visitor their page. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Taking no new work, finishing what it has. */
  get draining(): boolean {
    return this.retired;
  }

  async render(request: PageRequest): Promise<RenderedPage> {
    const message = await this.call({ kind: 'render', request });
    if (message.kind !== 'page') throw new Error('the render worker answered out of turn');
    return message.page;
  }

  async sitemapPaths(): Promise<string[]> {
    const message = await this.call({ kind: 'sitemap' });
    if (message.kind !== 'sitemap') throw new Error('the render worker answered out of turn');
    return message.paths;
  }

  /** The route ids each of this worker's section builds serves (the owner's health check). */
  async sectionRouteIds(): Promise<SectionRouteIds> {
    const message = await this.call({ kind: 'route-ids' });
    if (message.kind !== 'route-ids') throw new Error('the render worker answered out of turn');
    return message.sections;
  }

  /** No new work: the worker ends as soon as what it is rendering is out. */
  retire(): void {
    this.retired = true;
    if (this.pending.size === 0) void this.end();
  }

  end(): Promise<number> {
    this.ended = true;
    return this.worker.terminate();
  }

  private call(
    request: WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never,
  ): Promise<WorkerMessage> {
    if (this.ended) return Promise.reject(new Error('the render worker has ended'));
    const id = ++this.lastId;
    return new Promise<WorkerMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        // a render that never ends (a section's code in a loop) ends its worker; the next request gets a new one
        this.failAll(new Error(`the render worker did not answer within ${this.options.renderTimeoutMs} ms`));
        void this.end();
      }, this.options.renderTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ ...request, id });
    }).then((message) => {
      if (message.kind === 'error') throw new Error(message.error);
      return message;
    });
  }

  private settle(message: WorkerMessage): void {
    if (!('id' in message)) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(message.id);
    pending.resolve(message);
    if (this.retired && this.pending.size === 0) void this.end();
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }
}
