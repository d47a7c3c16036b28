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
  /** settles when the process is gone, whatever ended it (or when it was ended before its turn to start) */
  readonly exited: Promise<void>;
  /** when its process started (or it was made, until then) */
  startedAt = Date.now();
  /** when it last answered or was asked: an idle one is ended */
  lastUsedAt = Date.now();
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private isReady = false;
  private ended = false;
  private markExited: () => void = () => undefined;
  /** why it ended, when it did not end by being asked to */
  failure: string | null = null;

  /** Its process starts at `turn` (a few start at once: starting takes a core for a second or two). */
  constructor(
    readonly label: string,
    start: Omit<RenderChildStart, 'kind'>,
    private readonly times: RendererTimes,
    turn: Promise<void> = Promise.resolve(),
  ) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    this.ready = turn.then(() => this.spawn(start));
    // a start-up failure is also reported to whoever awaits `ready`
    this.ready.catch(() => undefined);
  }

  private spawn(start: Omit<RenderChildStart, 'kind'>): Promise<{ loaded: boolean }> {
    if (this.ended) {
      this.markExited();
      return Promise.reject(new Error(`${this.label} was ended before it started`));
    }
    const child = startSandboxedChild(start.renderModule);
    this.child = child;
    this.startedAt = Date.now();
    this.logOutput(child);
    const { label, times } = this;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(`it did not start within ${times.startTimeoutMs} ms`);
        reject(new Error(`${label} did not start`));
      }, times.startTimeoutMs);
      child.on('message', (message: ChildMessage) => {
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
      child.once('error', (error) => this.fail(`its process failed: ${error.message}`));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        this.ended = true;
        if (!this.failure) this.failure = `it ended (${signal ?? `exit ${code}`})`;
        reject(new Error(`${label} ended`));
        this.failAll(new Error(`${label} ended`));
        this.markExited();
      });
      child.send({ kind: 'start', ...start } satisfies RenderChildStart);
    });
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
    const child = this.child;
    if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return this.exited;
  }

  private call(request: ChildRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never) {
    const child = this.child;
    if (this.ended || !child) return Promise.reject(new Error(`${this.label} has ended, or not started`));
    const id = ++this.lastId;
    this.lastUsedAt = Date.now();
    return new Promise<ChildMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(`it did not answer within ${this.times.answerTimeoutMs} ms`),
        this.times.answerTimeoutMs,
      );
      this.pending.set(id, { resolve, reject, timer });
      child.send({ ...request, id });
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
  private logOutput(child: ChildProcess): void {
    for (const stream of [child.stdout, child.stderr]) {
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
