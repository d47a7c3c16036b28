import type { ChildProcess } from 'node:child_process';
import type { PageRequest, RenderedPage, SectionRouteIds, SectionState } from '@portfolio/contracts/page-render';
import type { ChildMessage, ChildRequest, RenderChildStart } from './render-messages.js';
import { startSandboxedChild } from './render-sandbox.js';

export interface RendererTimes {
  /** a renderer not ready by then is ended (a section that loops at import) */
  startTimeoutMs: number;
  /** an answer not back by then fails, and the renderer is ended (a section that loops in render) */
  answerTimeoutMs: number;
}

interface Pending {
  resolve: (message: ChildMessage) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** The most of a renderer's own output kept for the log, per line: a section's output is not the log's to fill. */
const logLineLimit = 500;

/**
 * One renderer process (started only by SectionRenderers): one section's server code in the sandbox of
 * render-sandbox.ts, answering renders by id. Whatever goes wrong in it (a throw, a loop, its memory cap,
 * never starting) fails only what was asked of it, and is logged under `label`, never shown to a visitor.
 */
export class RendererProcess {
  readonly ready: Promise<{ loaded: boolean }>;
  /** settles when the process is gone, whatever ended it */
  readonly exited: Promise<void>;
  readonly startedAt = Date.now();
  /** when it last answered or was asked: an idle one is ended */
  lastUsedAt = Date.now();
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private isReady = false;
  private ended = false;
  /** why it ended, when it did not end by being asked to */
  failure: string | null = null;

  constructor(
    readonly label: string,
    start: Omit<RenderChildStart, 'kind'>,
    private readonly times: RendererTimes,
  ) {
    this.child = startSandboxedChild(start.renderModule);
    this.logOutput();
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(`it did not start within ${times.startTimeoutMs} ms`);
        reject(new Error(`${label} did not start`));
      }, times.startTimeoutMs);
      this.child.on('message', (message: ChildMessage) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          this.isReady = true;
          resolve({ loaded: message.loaded });
        } else if (message.kind === 'failed') {
          clearTimeout(timer);
          this.fail(`it could not start: ${message.error}`);
          reject(new Error(`${label} could not start`));
        } else this.settle(message);
      });
      this.child.once('error', (error) => this.fail(`its process failed: ${error.message}`));
      this.child.once('exit', (code, signal) => {
        clearTimeout(timer);
        this.ended = true;
        if (!this.failure) this.failure = `it ended (${signal ?? `exit ${code}`})`;
        reject(new Error(`${label} ended`));
        this.failAll(new Error(`${label} ended`));
      });
    });
    // a start-up failure is also reported to whoever awaits `ready`
    this.ready.catch(() => undefined);
    this.child.send({ kind: 'start', ...start } satisfies RenderChildStart);
  }

  /** Answering now (started and not ended). */
  get serving(): boolean {
    return this.isReady && !this.ended;
  }

  get dead(): boolean {
    return this.ended;
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** One page, naming `sections` (the other sections' builds as this request has them). */
  async render(request: PageRequest, sections: readonly SectionState[]): Promise<RenderedPage> {
    const message = await this.call({ kind: 'render', request, sections });
    if (message.kind !== 'page') throw new Error(`${this.label} answered out of turn`);
    return message.page;
  }

  async sitemapPaths(sections: readonly SectionState[]): Promise<string[]> {
    const message = await this.call({ kind: 'sitemap', sections });
    if (message.kind !== 'sitemap') throw new Error(`${this.label} answered out of turn`);
    return message.paths;
  }

  async sectionRouteIds(): Promise<SectionRouteIds> {
    const message = await this.call({ kind: 'route-ids' });
    if (message.kind !== 'route-ids') throw new Error(`${this.label} answered out of turn`);
    return message.sections;
  }

  /** Ends it now: SIGKILL, since a section in a loop answers no gentler signal. */
  end(): Promise<void> {
    this.ended = true;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    return this.exited;
  }

  private call(request: ChildRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never) {
    if (this.ended) return Promise.reject(new Error(`${this.label} has ended`));
    const id = ++this.lastId;
    this.lastUsedAt = Date.now();
    return new Promise<ChildMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(`it did not answer within ${this.times.answerTimeoutMs} ms`),
        this.times.answerTimeoutMs,
      );
      this.pending.set(id, { resolve, reject, timer });
      this.child.send({ ...request, id });
    }).then((message) => {
      if (message.kind !== 'error') return message;
      // the section's own words go to the log; whoever asked learns only that it failed
      console.error(`${this.label}: ${message.error.slice(0, 2000)}`);
      throw new Error(`${this.label} failed to answer`);
    });
  }

  /** Logs why, ends the process, and fails what it was asked. */
  private fail(reason: string): void {
    if (this.ended) return;
    this.failure = reason;
    console.error(`${this.label}: ${reason}; it is ended`);
    this.failAll(new Error(`${this.label} failed`));
    void this.end();
  }

  private settle(message: ChildMessage): void {
    if (!('id' in message)) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(message.id);
    this.lastUsedAt = Date.now();
    pending.resolve(message);
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }

  /** The process's own output (a section's console, V8's out-of-memory report), line by line under its label. */
  private logOutput(): void {
    for (const stream of [this.child.stdout, this.child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = (lines.pop() ?? '').slice(0, logLineLimit);
        for (const line of lines) if (line.trim()) console.error(`${this.label} says: ${line.slice(0, logLineLimit)}`);
      });
    }
  }
}
