import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { PageRequest, RenderedPage, SectionRouteIds, SectionState } from '@portfolio/contracts/page-render';
import { sectionOfPath } from '@portfolio/parts';
import {
  childMessage,
  type ChildMessage,
  type ChildRequest,
  type RenderChildStart,
  type ServerMessage,
} from './renderer-messages.js';
import { channelFd, renderMemoryMb, startSandboxedChild, type SandboxLayers } from './renderer-sandbox.js';

export interface RendererTimes {
  /** a renderer not ready by then is ended (a section that loops at import) */
  startTimeoutMs: number;
  /**
   * The CPU time (ms, the renderer process's user + system time, /proc/<pid>/stat) an answer may take: one not back
   * by then fails, and the renderer is ended (a section that loops in render). CPU time, not the wall clock's: on a
   * loaded host a render of 0.3 s of CPU waits seconds for a core (renderers run below the server's priority), and
   * is no hang. Where the host has no /proc, the wall clock's time instead.
   */
  answerCpuMs: number;
  /** The wall clock's bound on an answer, however little CPU it used (a render that awaits what never comes). */
  answerWallMs: number;
}

/** One file of the renderer's own section build (renderer-child.js asks for each): its text, or a throw saying why not. */
export type SectionFileReader = (url: string) => Promise<string>;

interface Pending {
  resolve: (message: ChildMessage) => void;
  reject: (error: Error) => void;
  /** when it was asked (performance.now()), and the renderer's CPU time (ms) then: null where it cannot be read */
  askedAt: number;
  cpuAt: number | null;
  timer: NodeJS.Timeout | null;
}

/** The most of a renderer's own output kept for the log, per line: a section's output is not the log's to fill. */
const logLineLimit = 500;
/** Lines of a renderer's output logged per second at most; the rest are counted. */
const logLinesPerSecond = 20;
/** The longest message a renderer may send (a page is tens of KB): a longer one ends it, unread. */
const maxMessageBytes = 8 * 1024 * 1024;
/** File requests a renderer may have waiting at once, and the bytes of its build it may be sent in all. */
const maxFileRequests = 8;
const maxFileBytes = 64 * 1024 * 1024;
/** How often the server looks at each renderer's memory and CPU. */
const watchMs = 1000;
/**
 * The share of its time between renders a renderer's main thread may be busy (running, or ready to run and waiting
 * for a core), judged over the last spinWindowMs of that time: its garbage collection takes a few ms; more, for
 * seconds on end, is code that spins. One look is not enough: on a loaded host a few ms of work wait long for a core,
 * and the server's own timer looks late.
 */
const idleBusyShare = 0.5;
export const spinWindowMs = 3000;

/** What the watchdog saw of a renderer's main thread while it had nothing to answer, look after look. */
export class IdleTime {
  private looks: Array<{ busyMs: number; elapsedMs: number }> = [];

  /**
   * One look: its main thread was busy `busyMs` of the `elapsedMs` since the last look (the wall clock's, however
   * late the look), with nothing to answer throughout or not. Says why it spins, or null.
   */
  look(busyMs: number, elapsedMs: number, idle: boolean): string | null {
    if (!idle) {
      this.looks = [];
      return null;
    }
    this.looks.push({ busyMs, elapsedMs });
    const sum = (key: 'busyMs' | 'elapsedMs', from = 0) =>
      this.looks.slice(from).reduce((total, look) => total + look[key], 0);
    while (this.looks.length > 1 && sum('elapsedMs', 1) >= spinWindowMs) this.looks.shift();
    const [busy, elapsed] = [sum('busyMs'), sum('elapsedMs')];
    if (elapsed < spinWindowMs || busy <= elapsed * idleBusyShare) return null;
    return `it kept its main thread busy ${Math.round(busy)} ms of ${Math.round(elapsed)} between renders`;
  }
}

/**
 * A renderer's main thread's busy time (ms: on a core, and waiting on a run queue for one, from /proc/<pid>/schedstat,
 * so that a loaded host does not hide code that spins) and its own resident memory (KB); null where there is none.
 */
function usage(pid: number): { busyMs: number; ownKb: number } | null {
  try {
    const [running = 0, waiting = 0] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? 0);
    return { busyMs: (running + waiting) / 1e6, ownKb: kb('RssAnon') + kb('RssShmem') };
  } catch {
    return null;
  }
}

/** Linux's unit of a process's user and system time in /proc/<pid>/stat (USER_HZ, 100 on every Linux ABI Node runs on). */
const clockTicksPerSecond = 100;
/** The shortest wait between two looks at an answer's CPU time. */
const leastLookMs = 50;

/**
 * The CPU time (ms) a process has used so far, all its threads' user and system time (fields 14 and 15 of
 * /proc/<pid>/stat, after the command's name in parentheses, which may hold spaces); null where there is none.
 */
export function cpuTimeMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / clockTicksPerSecond : null;
  } catch {
    return null;
  }
}

/**
 * Where a redirect a renderer answered goes, as a path on the page's own origin; null when it leaves the site
 * (another origin, or a scheme-relative `//host/...`).
 */
export function redirectOnSite(location: string, pageUrl: string): string | null {
  let target: URL;
  try {
    target = new URL(location, pageUrl);
  } catch {
    return null;
  }
  if (target.origin !== new URL(pageUrl).origin) return null;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Whether a sitemap path a renderer listed is a path of the site's origin: never `//host/...`, a URL or a backslash. */
export function pathOnSite(pagePath: string): boolean {
  const base = 'http://site.invalid';
  if (!pagePath.startsWith('/') || /[\\\s]/.test(pagePath)) return false;
  try {
    const url = new URL(pagePath, base);
    return url.origin === base && `${url.pathname}${url.search}` === pagePath;
  } catch {
    return false;
  }
}

/**
 * One renderer process (started only by SectionRenderers): one section's server code in the sandbox of
 * renderer-sandbox.ts, answering renders by id over its channel. Whatever goes wrong in it (a throw, a loop, its
 * memory cap, a message that breaks the protocol, never starting) fails only what was asked of it, and is
 * logged under `label`, never shown to a visitor. The server sends it its files (`files`) and nothing else.
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
  private channel: Socket | null = null;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private isReady = false;
  private ended = false;
  private markExited: () => void = () => undefined;
  private onReady: (message: Extract<ChildMessage, { kind: 'ready' | 'failed' }>) => void = () => undefined;
  private filesWaiting = 0;
  private fileBytes = 0;
  /** calls and answers so far: unchanged between two looks, the renderer was idle in between */
  private activity = 0;
  /** callers holding it (`hold`) */
  private holds = 0;
  private watch: NodeJS.Timeout | null = null;
  /** why it ended, when it did not end by being asked to */
  failure: string | null = null;

  /** Its process starts at `turn` (a few start at once: starting takes a core for a second or two). */
  constructor(
    readonly label: string,
    private readonly start: Omit<RenderChildStart, 'kind'>,
    private readonly times: RendererTimes,
    turn: Promise<void> = Promise.resolve(),
    private readonly files: SectionFileReader = () => Promise.reject(new Error('this renderer loads no section')),
    /** the sandbox's layers: those this host allows unless told (a test takes some away) */
    private readonly layers?: SandboxLayers,
  ) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    this.ready = turn.then(() => this.spawn());
    // a start-up failure is also reported to whoever awaits `ready`
    this.ready.catch(() => undefined);
  }

  /** The process's id once it runs (the tests signal it, the watchdog reads its /proc). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private async spawn(): Promise<{ loaded: boolean }> {
    if (this.ended) {
      this.markExited();
      throw new Error(`${this.label} was ended before it started`);
    }
    const child = await startSandboxedChild(this.layers);
    if (this.dead) {
      // ended while its process was being started
      child.once('exit', () => this.markExited());
      child.kill('SIGKILL');
      throw new Error(`${this.label} was ended before it started`);
    }
    this.child = child;
    const channel = child.stdio[channelFd] as Socket;
    this.channel = channel;
    this.startedAt = Date.now();
    this.logOutput(child);
    const { label, times } = this;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(`it did not start within ${times.startTimeoutMs} ms`);
        reject(new Error(`${label} did not start`));
      }, times.startTimeoutMs);
      this.onReady = (message) => {
        clearTimeout(timer);
        if (message.kind === 'ready') {
          this.isReady = true;
          this.watchUsage();
          resolve({ loaded: message.loaded });
        } else {
          this.fail(`it could not start: ${message.error}`);
          reject(new Error(`${label} could not start`));
        }
      };
      this.readMessages(channel);
      child.once('error', (error) => this.fail(`its process failed: ${error.message}`));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.watch) clearInterval(this.watch);
        this.ended = true;
        if (!this.failure) this.failure = `it ended (${signal ?? `exit ${code}`})`;
        reject(new Error(`${label} ended`));
        this.failAll(new Error(`${label} ended`));
        this.markExited();
      });
      this.post({ kind: 'start', ...this.start });
    });
  }

  /** Answering now (started and not ended). */
  get serving(): boolean {
    return this.isReady && !this.ended;
  }

  get dead(): boolean {
    return this.ended;
  }

  /** Answering a call, or held by a caller about to call it: neither idle nor to be ended for room or renewal. */
  get busy(): boolean {
    return this.pending.size > 0 || this.holds > 0;
  }

  /**
   * A caller waits for it to start, then calls it: until the release this answers, it counts as busy (the server
   * ends no busy renderer for room or to renew it).
   */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (!released) this.holds -= 1;
      released = true;
    };
  }

  /**
   * One page, naming `sections` (the other sections' builds as this request has them). A redirect stays on the
   * page's origin (as a path): one that leaves the site fails the render.
   */
  async render(request: PageRequest, sections: readonly SectionState[]): Promise<RenderedPage> {
    const message = await this.call({ kind: 'render', request, sections });
    if (message.kind !== 'page') throw this.violation(`it answered a render with a ${message.kind} message`);
    const page = message.page;
    if (page.location === undefined) return page;
    const location = page.status >= 300 && page.status < 400 ? redirectOnSite(page.location, request.url) : null;
    if (location === null) {
      console.error(`${this.label}: ${request.url} answered ${page.status} to ${page.location.slice(0, 200)}: refused`);
      throw new Error(`${this.label} answered a redirect off the site`);
    }
    return { ...page, location };
  }

  /**
   * The page paths it lists that are paths of the site (pathOnSite: any other is logged and left out) and, for a
   * section's renderer, its own section's: the others' come from their own renderers and the shell's.
   */
  async sitemapPaths(sections: readonly SectionState[]): Promise<string[]> {
    const message = await this.call({ kind: 'sitemap', sections });
    if (message.kind !== 'sitemap') throw this.violation(`it answered a sitemap with a ${message.kind} message`);
    const foreign = message.paths.filter((pagePath) => !pathOnSite(pagePath));
    if (foreign.length > 0)
      console.error(
        `${this.label}: ${foreign.length} sitemap path(s) off the site left out: ${foreign
          .slice(0, 3)
          .map((pagePath) => JSON.stringify(pagePath.slice(0, 100)))
          .join(', ')}`,
      );
    const section = this.start.section;
    return message.paths.filter(
      (pagePath) =>
        pathOnSite(pagePath) && (section === null || sectionOfPath(new URL(pagePath, 'http://x').pathname) === section),
    );
  }

  async sectionRouteIds(): Promise<SectionRouteIds> {
    const message = await this.call({ kind: 'route-ids' });
    if (message.kind !== 'route-ids') throw this.violation(`it answered route ids with a ${message.kind} message`);
    return message.sections;
  }

  /** Ends it now: SIGKILL, since a section in a loop answers no gentler signal. */
  end(): Promise<void> {
    this.ended = true;
    if (this.watch) clearInterval(this.watch);
    const child = this.child;
    if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return this.exited;
  }

  private post(message: ServerMessage): void {
    if (!this.channel?.writable) return;
    this.channel.write(`${JSON.stringify(message)}\n`);
  }

  private call(request: ChildRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never) {
    if (this.ended || !this.child) return Promise.reject(new Error(`${this.label} has ended, or not started`));
    const id = ++this.lastId;
    this.lastUsedAt = Date.now();
    this.activity += 1;
    const pid = this.child.pid;
    return new Promise<ChildMessage>((resolve, reject) => {
      const cpuAt = pid === undefined ? null : cpuTimeMs(pid);
      const pending: Pending = { resolve, reject, askedAt: performance.now(), cpuAt, timer: null };
      this.pending.set(id, pending);
      this.post({ ...request, id });
      this.bound(pending);
    }).then((message) => {
      if (message.kind !== 'error') return message;
      // the section's own words go to the log; whoever asked learns only that it failed
      console.error(`${this.label}: ${message.error.slice(0, 2000)}`);
      throw new Error(`${this.label} failed to answer`);
    });
  }

  /**
   * Ends the renderer when `pending`'s answer has taken more than answerCpuMs of its CPU time (the wall clock's where
   * its CPU time cannot be read) or answerWallMs of the wall clock's; else looks again when it could first be over
   * (its CPU time grows at most by a core's worth per thread, so half the rest of the bound, two threads' worth).
   */
  private bound(pending: Pending): void {
    const { answerCpuMs, answerWallMs } = this.times;
    const waited = performance.now() - pending.askedAt;
    const now = pending.cpuAt === null || this.child?.pid === undefined ? null : cpuTimeMs(this.child.pid);
    const used = now === null || pending.cpuAt === null ? waited : now - pending.cpuAt;
    if (used >= answerCpuMs)
      this.fail(
        now === null
          ? `it did not answer within ${answerCpuMs} ms`
          : `it used ${Math.round(used)} ms of CPU on one answer (its bound: ${answerCpuMs} ms), ${Math.round(waited)} ms after it was asked`,
      );
    else if (waited >= answerWallMs)
      this.fail(
        `it did not answer within ${answerWallMs} ms${now === null ? '' : ` (it used ${Math.round(used)} ms of CPU)`}`,
      );
    else {
      const next = Math.min(
        Math.max((answerCpuMs - used) / (now === null ? 1 : 2), leastLookMs),
        answerWallMs - waited,
      );
      pending.timer = setTimeout(() => this.bound(pending), next);
    }
  }

  /**
   * Its channel, a line at a time: each line one message of renderer-messages.ts's `childMessage`. Anything else
   * (a line too long, not JSON, not a message, an answer to nothing asked) ends the renderer: its section's code
   * wrote it, and the server reads no more from it.
   */
  private readMessages(channel: Socket): void {
    const parts: Buffer[] = [];
    let size = 0;
    channel.on('data', (chunk: Buffer) => {
      let start = 0;
      let end = chunk.indexOf(0x0a);
      while (end >= 0 && !this.ended) {
        parts.push(chunk.subarray(start, end));
        const line = Buffer.concat(parts).toString('utf8');
        parts.length = 0;
        size = 0;
        this.receive(line);
        start = end + 1;
        end = chunk.indexOf(0x0a, start);
      }
      if (this.ended) return;
      const rest = chunk.subarray(start);
      size += rest.length;
      if (size > maxMessageBytes) {
        parts.length = 0;
        this.fail(`it sent a message over ${maxMessageBytes / 1024 / 1024} MB`);
        return;
      }
      if (rest.length > 0) parts.push(rest);
    });
    // the other end of a channel whose renderer is gone: nothing to read
    channel.on('error', () => undefined);
  }

  private receive(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.fail(`it sent a line that is not JSON: ${JSON.stringify(line.slice(0, 80))}`);
      return;
    }
    const checked = childMessage.safeParse(parsed);
    if (!checked.success) {
      const kind = (parsed as { kind?: unknown } | null)?.kind;
      this.fail(
        `it sent a message that is not a renderer's (${typeof kind === 'string' ? kind.slice(0, 40) : 'no kind'}: ${
          checked.error.issues[0]?.message ?? '?'
        })`,
      );
      return;
    }
    const message = checked.data;
    if (message.kind === 'ready' || message.kind === 'failed') {
      if (this.isReady) this.fail(`it said ${message.kind} twice`);
      else this.onReady(message);
    } else if (message.kind === 'file') this.sendFile(message.id, message.url);
    else this.settle(message);
  }

  /** A file of its build, read by the server (`files` refuses anything else); answered in turn. */
  private sendFile(id: number, url: string): void {
    if (this.filesWaiting >= maxFileRequests) {
      this.fail(`it asked for more than ${maxFileRequests} files at once`);
      return;
    }
    this.filesWaiting += 1;
    this.activity += 1;
    this.files(url).then(
      (text) => {
        this.filesWaiting -= 1;
        this.fileBytes += Buffer.byteLength(text);
        if (this.fileBytes > maxFileBytes)
          this.fail(`it asked for more than ${maxFileBytes / 1024 / 1024} MB of files`);
        else this.post({ kind: 'file', id, text });
      },
      (error: unknown) => {
        this.filesWaiting -= 1;
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`${this.label}: ${url.slice(0, 200)} refused: ${reason}`);
        this.post({ kind: 'file', id, error: reason });
      },
    );
  }

  private settle(message: Extract<ChildMessage, { id: number }>): void {
    const pending = this.pending.get(message.id);
    if (!pending) {
      this.fail(`it answered ${message.id}, which it was not asked`);
      return;
    }
    if (pending.timer) clearTimeout(pending.timer);
    this.pending.delete(message.id);
    this.lastUsedAt = Date.now();
    this.activity += 1;
    pending.resolve(message);
  }

  /** An answer of the wrong kind: the renderer is ended, and the caller gets the error. */
  private violation(reason: string): Error {
    this.fail(reason);
    return new Error(`${this.label} broke the protocol`);
  }

  /**
   * Once a second, its memory and CPU: a renderer holding more than renderMemoryMb of its own, or whose main thread
   * was busy more than idleBusyShare of its last spinWindowMs with nothing to answer (IdleTime), is ended (the
   * kernel's data cap is the first bound; this one also holds where the host has no cap, and bounds the CPU between
   * renders).
   */
  private watchUsage(): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    let last = usage(pid);
    if (!last) return;
    let lastAt = performance.now();
    let lastActivity = this.activity;
    let wasIdle = !this.busy;
    const idleTime = new IdleTime();
    this.watch = setInterval(() => {
      const now = usage(pid);
      if (!now || this.ended) return;
      const at = performance.now();
      const idle = wasIdle && !this.busy && this.activity === lastActivity;
      const spins = idleTime.look(now.busyMs - (last?.busyMs ?? now.busyMs), at - lastAt, idle);
      if (now.ownKb > renderMemoryMb * 1024)
        this.fail(`it held ${Math.round(now.ownKb / 1024)} MB of memory, over its ${renderMemoryMb} MB`);
      else if (spins) this.fail(spins);
      last = now;
      lastAt = at;
      lastActivity = this.activity;
      wasIdle = !this.busy;
    }, watchMs).unref();
  }

  /** Logs why, ends the process, and fails what it was asked. */
  private fail(reason: string): void {
    if (this.ended) return;
    this.failure = reason;
    console.error(`${this.label}: ${reason}; it is ended`);
    this.failAll(new Error(`${this.label} failed`));
    void this.end();
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) {
      if (pending.timer) clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }

  /**
   * The process's own output (a section's console, V8's out-of-memory report), line by line under its label, at
   * most logLinesPerSecond lines a second: a section that writes without end costs the log a line a second.
   */
  private logOutput(child: ChildProcess): void {
    let second = 0;
    let lines = 0;
    let dropped = 0;
    const log = (line: string) => {
      const now = Math.floor(Date.now() / 1000);
      if (now !== second) {
        if (dropped > 0) console.error(`${this.label} says: (${dropped} more lines left out)`);
        second = now;
        lines = 0;
        dropped = 0;
      }
      if (++lines <= logLinesPerSecond) console.error(`${this.label} says: ${line.slice(0, logLineLimit)}`);
      else dropped += 1;
    };
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const split = (partial + chunk).split('\n');
        partial = (split.pop() ?? '').slice(0, logLineLimit);
        for (const line of split) if (line.trim()) log(line);
      });
    }
  }
}
