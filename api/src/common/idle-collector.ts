import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import v8 from 'node:v8';
import vm from 'node:vm';

/** V8's `gc` with its options (the function `--expose-gc` installs). */
type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let gcFunction: GcFunction | null | undefined;

/**
 * A full collection that gives back what V8 holds beyond its live objects: it collects until nothing more is
 * freed, compacts, and returns its empty pages (and the pool it keeps of them) to the system, which no regular
 * collection does. V8's `gc` taken from a fresh context, not left on this one's global (as jest's leak detector
 * takes it): nothing else in the server gets a `gc`. Says whether it ran (a V8 that refuses the flag: no).
 */
export function collectAll(): boolean {
  if (gcFunction === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gcFunction = vm.runInNewContext('gc') as GcFunction;
    } catch {
      gcFunction = null;
    } finally {
      if (!process.execArgv.includes('--expose-gc')) v8.setFlagsFromString('--no-expose-gc');
    }
  }
  if (!gcFunction) return false;
  gcFunction({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}

export interface IdleCollectorOptions {
  /** how often it looks (ms) */
  lookMs: number;
  /** looks in a row that found the server quiet before it collects */
  quietLooks: number;
  /** requests a look may find and still call the server quiet: a health check every few seconds is quiet */
  quietRequests: number;
  collect?: () => boolean;
}

/**
 * Gives back what load grew once the server is quiet. V8 keeps the pages its heap grew to under load, and its own
 * memory reducer never ran in this server at rest (docs/performance.md, "Idle within 320 MB"): after 20,000 renders
 * the server held 35-45 MB more than after a restart, 90 s after the last request. So it looks every `lookMs`; a
 * look is busy when it finds more than `quietRequests` requests since the one before (on any of this process's
 * HTTP servers) or a process started (a renderer: each start sends it the 1 MB render module), quiet otherwise.
 * After `quietLooks` quiet looks that follow a busy one, one full collection (`collectAll`: its pause is about
 * 0.1 s on an idle host, seconds on a loaded one); then none until a busy look again. So never under load, and once
 * per quiet stretch: after a start, after a visit, after the kept renderers are renewed.
 */
export class IdleCollector {
  private requests = 0;
  private starts = 0;
  private quietInARow = 0;
  /** something happened since the last collection (a start is something) */
  private owed = true;
  private timer: NodeJS.Timeout | null = null;
  /** collections so far (the tests read it) */
  collections = 0;
  private readonly collect: () => boolean;
  private readonly onRequest = () => {
    this.requests += 1;
  };
  private readonly onStart = () => {
    this.starts += 1;
  };

  constructor(private readonly options: IdleCollectorOptions) {
    this.collect = options.collect ?? collectAll;
  }

  /** Counts this process's requests and child processes, and looks every `lookMs` from now until `stop`. */
  watch(): this {
    subscribe('http.server.request.start', this.onRequest);
    subscribe('child_process', this.onStart);
    this.timer = setInterval(() => this.look(), this.options.lookMs).unref();
    return this;
  }

  stop(): void {
    unsubscribe('http.server.request.start', this.onRequest);
    unsubscribe('child_process', this.onStart);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One look: collects after enough quiet ones that follow a busy one (see the class). */
  look(): void {
    const busy = this.requests > this.options.quietRequests || this.starts > 0;
    this.requests = 0;
    this.starts = 0;
    if (busy) {
      this.quietInARow = 0;
      this.owed = true;
      return;
    }
    this.quietInARow += 1;
    if (!this.owed || this.quietInARow < this.options.quietLooks) return;
    this.owed = false;
    if (this.collect()) this.collections += 1;
  }
}
