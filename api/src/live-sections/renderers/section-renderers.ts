import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { shell } from '@portfolio/parts';
import {
  isSectionBuild,
  type SectionBuild,
  type SectionRouteIds,
  type SectionState,
} from '@portfolio/contracts/page-render';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { RendererProcess, type RendererTimes, type SectionFileReader } from './renderer-process.js';
import { sandboxLayers } from './renderer-sandbox.js';
import { SectionFiles } from './section-files.js';
import { buildsSignature } from './section-manifests.js';
import { StartTurns } from './start-turns.js';

/**
 * Renderer processes alive at once beside the kept ones (each live section's, the shell's, a running experiment's
 * candidate's): a preview's, a release check's, a build no longer live until it idles. Each holds 17-30 MB of its
 * own beside the node binary's pages it shares (docs/performance.md, "Server memory").
 */
const maxOtherRenderers = 2;
/**
 * A render that used 2 s of its renderer's CPU time without answering (a page takes 5-300 ms of it) gets the page's
 * frame with its section's "unavailable" (503), and its renderer is replaced: CPU time, so that a loaded host, where
 * a render waits seconds for a core, is no reason for a lesser page (docs/decisions/0026). A render that waits on
 * something that never comes uses no CPU: the wall clock's 15 s bound ends it.
 */
const renderCpuMs = 2000;
const renderWallMs = 15_000;
/** A start is given long: renderers run below the server's priority, and a busy host starves them first. */
const pageTimes: RendererTimes = { startTimeoutMs: 30_000, answerCpuMs: renderCpuMs, answerWallMs: renderWallMs };
/** The owner's checks may wait for a candidate's `./routes` longer than a visitor waits for a page. */
const probeTimes: RendererTimes = { startTimeoutMs: 30_000, answerCpuMs: 5000, answerWallMs: 30_000 };
/** After a renderer fails, its next start waits this long, doubled at each failure in a row, up to the most. */
const firstBackoffMs = 2000;
const mostBackoffMs = 60_000;
/** A renderer whose section did not load is tried again after this long. */
const retryUnloadedMs = 10_000;
/** Renderers starting at once: a start takes a core for a second or two; the others wait their turn. */
const maxStarting = 2;
/** The shell's build is looked at no more than once a second. */
const shellVersionMs = 1000;

/**
 * How long after a renderer's process started pages wait for it, at most. Renderers of what visitors get are kept
 * ready, so a page waits only in the seconds after a start, a promote or a renderer's crash (a start takes 1.5-3 s on
 * an idle 2-core host, about twice that at a load of 20). A renderer not ready by then (a section whose code loops
 * at import) has its pages answered at once with the frame and the section's "unavailable" message (503), for the
 * browser to render the section: one visitor waits this long at most, not each.
 */
export const rendererWaitMs = 10_000;

/** No page: the section's renderer did not start in time, or waits to start again after failing (it logged why). */
export class RendererNotReady extends Error {}

/** One renderer's place: the section's code at one set of builds, with its run of failures. */
interface Slot {
  key: string;
  label: string;
  section: RemoteName | null;
  /** as the latest request named them: what a new renderer starts with */
  sections: readonly SectionState[];
  renderer: RendererProcess | null;
  loaded: boolean;
  failures: number;
  /** no start before this time (the backoff) */
  startAfter: number;
  usedAt: number;
  restart: NodeJS.Timeout | null;
  /** a renderer of what visitors get now (`keep`): started at once and after every failure, renewed when idle */
  kept: boolean;
  /** pages its renderer rendered: a kept renderer that rendered any is renewed once idle */
  renders: number;
  /** a fresh renderer starting to take a kept renderer's place */
  successor: RendererProcess | null;
}

/** What `keep` is told: the renderer of `section`'s code (null: the shell alone) with these builds. */
export interface KeptRenderer {
  sections: readonly SectionState[];
  section: RemoteName | null;
}

/**
 * The renderer processes, one per section build (and one with the shell alone), and the only place one is
 * started. The renderers of the builds visitors get now (the live ones, an experiment's candidate) are kept
 * ready: started as soon as they are named (`keep`), started again after any failure, never ended for being
 * idle; one that rendered pages is renewed once idle (a fresh one takes its place when ready), which gives back
 * what its renders grew. Any other renderer (a preview's, a release check's, a build no longer live) starts on
 * its first request and ends after RENDERER_IDLE_MS unused. A renderer that fails (throws at start, never
 * starts, stops answering, runs out of memory) is ended and started again in the background after a backoff
 * that doubles while it keeps failing. Ended with the application.
 */
@Injectable()
export class SectionRenderers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly shellDist: string;
  private readonly slots = new Map<string, Slot>();
  private readonly shellVersion = new LRUCache<'shell', string>({ max: 1, ttl: shellVersionMs });
  private readonly reaper: NodeJS.Timeout;
  private probes: Promise<unknown> = Promise.resolve();
  private readonly turns = new StartTurns(maxStarting);
  /** each renderer's turn to start, for a visitor to hurry */
  private readonly turnOf = new WeakMap<RendererProcess, Promise<void>>();
  /** the owner's check's renderer, while one runs */
  private readonly probing = new Set<RendererProcess>();
  /** renderers replaced by a fresh one: ended once their renders in flight are answered */
  private readonly retiring = new Set<RendererProcess>();
  private closed = false;

  /** a renderer unused this long is ended (RENDERER_IDLE_MS) */
  private readonly idleMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly files: SectionFiles,
  ) {
    this.shellDist = path.join(config.siteBuildDir, shell.folder, 'dist');
    this.idleMs = config.rendererIdleMs;
    this.reaper = setInterval(() => this.endIdle(), Math.min(5000, this.idleMs / 2)).unref();
  }

  /** Whether pages can be rendered here at all: the shell's render module is built. */
  get available(): boolean {
    return existsSync(this.renderModule);
  }

  /** Pages rendered with the same signature are the same pages. */
  signatureOf(sections: readonly SectionState[]): string {
    return `${this.currentShellVersion()}\n${buildsSignature(sections)}`;
  }

  /**
   * The renderer of `section`'s code at these builds (null: the shell alone), started if there is none;
   * null while it fails and waits for its next start.
   */
  rendererFor(sections: readonly SectionState[], section: RemoteName | null): RendererProcess | null {
    if (this.closed) return null;
    const slot = this.slotFor(sections, section);
    slot.usedAt = Date.now();
    slot.sections = sections;
    const current = slot.renderer;
    if (current && !current.dead && !(current.serving && !slot.loaded && this.dueAgain(slot, current))) return current;
    if (current && !current.dead) void current.end();
    return Date.now() >= slot.startAfter ? this.start(slot) : null;
  }

  /**
   * A visitor waits for `renderer` to start: its turn first (it goes before the others waiting for theirs), then
   * until rendererWaitMs after its process started. RendererNotReady when it is not ready by then.
   */
  async whenReady(renderer: RendererProcess): Promise<void> {
    const turn = this.turnOf.get(renderer);
    if (turn) {
      this.turns.hurry(turn);
      await turn;
    }
    const ms = renderer.startedAt + rendererWaitMs - Date.now();
    const late = () => new RendererNotReady(`${renderer.label} did not start within ${rendererWaitMs} ms`);
    if (ms <= 0) throw late();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        renderer.ready,
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(late()), ms);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The renderers visitors need now, kept ready from now on (started now if not running, after its backoff if it
   * failed); the ones kept until now and not named are not kept any more: they end once idle.
   */
  keep(wanted: readonly KeptRenderer[]): void {
    if (this.closed) return;
    const keys = new Set<string>();
    for (const { sections, section } of wanted) {
      const slot = this.slotFor(sections, section);
      keys.add(slot.key);
      slot.sections = sections;
      if (!slot.kept) slot.usedAt = Date.now();
      slot.kept = true;
      const running = slot.renderer && !slot.renderer.dead;
      if (!running && !slot.restart && Date.now() >= slot.startAfter) this.start(slot);
      // in its backoff after failing: failed() starts it again then
      else if (!running && !slot.restart) this.failed(slot, 0, true, false);
    }
    for (const slot of this.slots.values()) if (!keys.has(slot.key)) slot.kept = false;
  }

  /**
   * A render answered: the renderer's run of failures is over. A visitor's render counts toward renewing a kept
   * renderer once idle; pages rendered ahead (the sitemap's, at each change) do not, or every kept renderer would
   * be started again a minute after each start and promote, for the little those renders grow it.
   */
  succeeded(renderer: RendererProcess, { visitor = true }: { visitor?: boolean } = {}): void {
    for (const slot of this.slots.values())
      if (slot.renderer === renderer) {
        slot.failures = 0;
        if (visitor) slot.renders += 1;
      }
  }

  /**
   * The route ids each build's `./routes` serves, each build loaded alone in a sandboxed renderer of its own
   * that ends with the answer: a candidate's code never runs in the API's process. One probe at a time.
   */
  routeIds(builds: readonly SectionBuild[]): Promise<SectionRouteIds> {
    const run = this.probes.then(() => this.probe(builds));
    this.probes = run.catch(() => undefined);
    return run;
  }

  /** What the renderers' sandbox can be on this host, found while the server starts rather than at a first page. */
  onApplicationBootstrap(): void {
    if (this.available) void sandboxLayers();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.reaper);
    const renderers = [...this.probing, ...this.retiring];
    for (const slot of this.slots.values()) {
      if (slot.restart) clearTimeout(slot.restart);
      if (slot.renderer) renderers.push(slot.renderer);
      if (slot.successor) renderers.push(slot.successor);
    }
    this.slots.clear();
    await Promise.all(renderers.map((renderer) => renderer.end()));
  }

  /** The place of `section`'s renderer with these builds, made on first use. */
  private slotFor(sections: readonly SectionState[], section: RemoteName | null): Slot {
    const build = sections.find((state) => state.name === section);
    // a renderer holds one build's code: another section's new build is named in the request, not a new renderer
    const key = `${this.currentShellVersion()}\n${section ? buildsSignature(build ? [build] : []) : 'shell'}`;
    let slot = this.slots.get(key);
    if (!slot) {
      const version = build && 'version' in build ? build.version : '?';
      const label = section ? `Section ${section} (${version}) renderer` : 'The shell renderer';
      slot = {
        key,
        label,
        section,
        sections,
        renderer: null,
        loaded: false,
        failures: 0,
        startAfter: 0,
        usedAt: 0,
        restart: null,
        kept: false,
        renders: 0,
        successor: null,
      };
      this.slots.set(key, slot);
    }
    return slot;
  }

  private async probe(builds: readonly SectionBuild[]): Promise<SectionRouteIds> {
    const found: SectionRouteIds = {};
    for (const build of builds) {
      if (!this.available) {
        found[build.name] = { error: 'this server has no render module (shell/dist/server/render.js) to load it with' };
        continue;
      }
      const sections = remoteNames.map((name): SectionState =>
        name === build.name ? build : { name, url: '', error: 'not part of this check' },
      );
      const label = `Section ${build.name} (${build.version}) check`;
      const renderer = this.newRenderer(label, this.startData(sections, build.name), probeTimes);
      this.probing.add(renderer);
      try {
        await renderer.ready;
        found[build.name] = (await renderer.sectionRouteIds())[build.name] ?? { error: 'its ./routes was not loaded' };
      } catch {
        found[build.name] = {
          error: `its server code could not be loaded in the sandbox (${renderer.failure ?? '?'})`,
        };
      } finally {
        this.probing.delete(renderer);
        void renderer.end();
      }
    }
    return found;
  }

  private start(slot: Slot): RendererProcess {
    if (slot.restart) clearTimeout(slot.restart);
    slot.restart = null;
    this.makeRoom();
    const renderer = this.newRenderer(slot.label, this.startData(slot.sections, slot.section), pageTimes);
    slot.renderer = renderer;
    slot.loaded = false;
    slot.renders = 0;
    renderer.ready.then(
      ({ loaded }) => {
        if (slot.renderer !== renderer) return;
        slot.loaded = loaded;
        // idle from now: a start longer than the idle time does not end it before its first page
        slot.usedAt = Date.now();
        if (!loaded) this.failed(slot, retryUnloadedMs);
      },
      () => undefined,
    );
    this.watchExit(slot, renderer);
    return renderer;
  }

  /** A renderer of `slot` that ends by its own fault (not idle, not replaced) is started again after the backoff. */
  private watchExit(slot: Slot, renderer: RendererProcess): void {
    void renderer.exited.then(() => {
      if (slot.renderer !== renderer) return;
      slot.renderer = null;
      if (renderer.failure && this.slots.get(slot.key) === slot) this.failed(slot, 0, true);
    });
  }

  /**
   * A fresh renderer for a kept one that rendered pages and is idle now: it takes the old one's place once ready
   * (the old one ends when its renders in flight are answered), so what renders grew in a process is given back
   * without a moment with no renderer. One that does not start leaves the old one in place.
   */
  private renew(slot: Slot): void {
    const successor = this.newRenderer(slot.label, this.startData(slot.sections, slot.section), pageTimes);
    slot.successor = successor;
    successor.ready.then(
      ({ loaded }) => {
        slot.successor = null;
        const old = slot.renderer;
        if (!loaded || !slot.kept || this.closed || this.slots.get(slot.key) !== slot) {
          void successor.end();
          return;
        }
        if (slot.restart) clearTimeout(slot.restart);
        slot.restart = null;
        slot.renderer = successor;
        slot.loaded = true;
        slot.renders = 0;
        this.watchExit(slot, successor);
        if (old) this.retiring.add(old);
        this.endRetired();
      },
      () => {
        slot.successor = null;
      },
    );
  }

  private endRetired(): void {
    for (const renderer of this.retiring)
      if (!renderer.busy) {
        this.retiring.delete(renderer);
        void renderer.end();
      }
  }

  /** A renderer whose process starts at its turn (a few at once); its turn ends once it is ready or has failed. */
  private newRenderer(label: string, data: ReturnType<SectionRenderers['startData']>, times: RendererTimes) {
    const turn = this.turns.take();
    const renderer = new RendererProcess(label, data, times, turn, this.filesOf(data));
    this.turnOf.set(renderer, turn);
    const done = () => this.turns.done();
    renderer.ready.then(done, done);
    return renderer;
  }

  /**
   * Counts a failure (`count`) and sets the next start's earliest time; `restart`: start it then, if kept or
   * still in use.
   */
  private failed(slot: Slot, atLeastMs: number, restart = false, count = true): void {
    if (count) {
      slot.failures += 1;
      const backoff = Math.min(firstBackoffMs * 2 ** (slot.failures - 1), mostBackoffMs);
      slot.startAfter = Date.now() + Math.max(backoff, atLeastMs);
    }
    if (!restart || slot.restart) return;
    slot.restart = setTimeout(
      () => {
        slot.restart = null;
        const inUse = slot.kept || Date.now() - slot.usedAt < this.idleMs;
        if (inUse && !this.closed && !slot.renderer && this.slots.get(slot.key) === slot) this.start(slot);
      },
      Math.max(0, slot.startAfter - Date.now()),
    ).unref();
  }

  private dueAgain(slot: Slot, renderer: RendererProcess): boolean {
    return Date.now() >= Math.max(slot.startAfter, renderer.startedAt + retryUnloadedMs) && !renderer.busy;
  }

  /**
   * At the cap of renderers beside the kept ones, the least recently used of those gives up its place, one not busy
   * first; a busy one (rendering, or awaited by a caller) ends once its renders are answered, never under a caller.
   * A kept renderer is never ended for room.
   */
  private makeRoom(): void {
    const others = [...this.slots.values()]
      .filter((slot) => !slot.kept && slot.renderer && !slot.renderer.dead)
      .sort((a, b) => a.usedAt - b.usedAt);
    if (others.length < maxOtherRenderers) return;
    const oldest = others.find((slot) => !slot.renderer?.busy) ?? others[0];
    if (oldest?.renderer) this.retire(oldest);
  }

  /**
   * Ends what nobody used for a while since it started and is not kept, renews a kept renderer idle after
   * rendering pages, and forgets slots of builds long gone.
   */
  private endIdle(): void {
    this.endRetired();
    const now = Date.now();
    for (const slot of this.slots.values()) {
      const idleFor = now - Math.max(slot.usedAt, slot.renderer?.lastUsedAt ?? 0);
      // a renderer still starting is not idle: its start has its own bound
      const serving = slot.renderer?.serving === true;
      const idle = serving && !slot.renderer?.busy && idleFor >= this.idleMs;
      if (slot.kept) {
        if (idle && slot.loaded && slot.renders > 0 && !slot.successor) this.renew(slot);
      } else if (idle) this.retire(slot);
      else if (!slot.renderer && !slot.restart && idleFor >= 10 * this.idleMs) this.slots.delete(slot.key);
    }
  }

  /** Its renderer leaves its place: ended now if not busy, else once its renders are answered (endRetired). */
  private retire(slot: Slot): void {
    const renderer = slot.renderer;
    slot.renderer = null;
    if (!renderer) return;
    this.retiring.add(renderer);
    this.endRetired();
  }

  /** What a renderer starts with: the render module's source and the page template (it reads no file itself). */
  private startData(sections: readonly SectionState[], section: RemoteName | null) {
    return {
      renderSource: readFileSync(this.renderModule, 'utf8'),
      template: readFileSync(this.templatePath, 'utf8'),
      sections,
      section,
    };
  }

  /** The files a renderer may be sent: its own section build's server half (the shell's renderer: none). */
  private filesOf({ sections, section }: ReturnType<SectionRenderers['startData']>): SectionFileReader | undefined {
    const build = sections.find((state) => state.name === section);
    return build && isSectionBuild(build) ? (url) => this.files.read(build, url) : undefined;
  }

  private get renderModule(): string {
    return path.join(this.shellDist, 'server', 'render.js');
  }

  private get templatePath(): string {
    return path.join(this.shellDist, 'index.html');
  }

  /** The shell's build: its render module and page template. */
  private currentShellVersion(): string {
    let version = this.shellVersion.get('shell');
    if (version === undefined) {
      const stamp = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);
      version = `shell@${stamp(this.renderModule)}:${stamp(this.templatePath)}`;
      this.shellVersion.set('shell', version);
    }
    return version;
  }
}
