import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { shell } from '@portfolio/parts';
import {
  isSectionBuild,
  type SectionBuild,
  type SectionRouteIds,
  type SectionState,
} from '@portfolio/contracts/page-render';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RendererProcess, type RendererTimes, type SectionFileReader } from './renderer-process.js';
import { sandboxLayers } from './render-sandbox.js';
import { SectionFiles } from './section-files.js';
import { buildsSignature } from './section-manifests.js';
import { StartTurns } from './start-turns.js';

/**
 * Renderer processes alive at once: each live section's and the shell's, and one more (a preview's or a new
 * build's). Each holds 20-40 MB of its own beside the node binary's pages it shares: with three, a replica serving
 * every section evicted renderers whose pages it then had to render again, and answered them with the browser's
 * page (docs/performance.md, "Server memory").
 */
export const maxRenderers = 6;
/** A render not answered by then gets the page's fallback, and its renderer is replaced. */
export const renderTimeoutMs = 2000;
/** A start is given long: renderers run below the server's priority, and a busy host starves them first. */
const pageTimes: RendererTimes = { startTimeoutMs: 30_000, answerTimeoutMs: renderTimeoutMs };
/** The owner's checks may wait for a candidate's `./routes` longer than a visitor waits for a page. */
const probeTimes: RendererTimes = { startTimeoutMs: 30_000, answerTimeoutMs: 5000 };
/** After a renderer fails, its next start waits this long, doubled at each failure in a row, up to the most. */
const firstBackoffMs = 2000;
const mostBackoffMs = 60_000;
/** A renderer whose section did not load is tried again after this long. */
const retryUnloadedMs = 10_000;
/** Renderers starting at once: a start takes a core for a second or two; the others wait their turn. */
const maxStarting = 2;
/** The shell's build is looked at no more than once a second. */
const shellVersionMs = 1000;

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
}

/**
 * The renderer processes, one per section build (and one with the shell alone), and the only place one is
 * started. A renderer starts on a page's first request and ends after a minute unused; a renderer that
 * fails (throws at start, never starts, stops answering, runs out of memory) is ended and started again
 * in the background after a backoff that doubles while it keeps failing. Ended with the application.
 */
@Injectable()
export class SectionRenderers implements OnModuleDestroy {
  private readonly shellDist: string;
  private readonly slots = new Map<string, Slot>();
  private readonly shellVersion = new LRUCache<'shell', string>({ max: 1, ttl: shellVersionMs });
  private readonly reaper: NodeJS.Timeout;
  private probes: Promise<unknown> = Promise.resolve();
  private readonly turns = new StartTurns(maxStarting);
  /** the owner's check's renderer, while one runs */
  private readonly probing = new Set<RendererProcess>();

  /** a renderer unused this long is ended (RENDERER_IDLE_MS) */
  private readonly idleMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly files: SectionFiles,
  ) {
    this.shellDist = path.join(config.siteBuildDir, shell.folder, 'dist');
    this.idleMs = config.rendererIdleMs;
    this.reaper = setInterval(() => this.endIdle(), Math.min(5000, this.idleMs / 2)).unref();
    // what the renderers' sandbox can be on this host, found while the server starts rather than at a first page
    if (this.available) void sandboxLayers();
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
      };
      this.slots.set(key, slot);
    }
    slot.usedAt = Date.now();
    slot.sections = sections;
    const current = slot.renderer;
    if (current && !current.dead && !(current.serving && !slot.loaded && this.dueAgain(slot, current))) return current;
    if (current && !current.dead) void current.end();
    return Date.now() >= slot.startAfter ? this.start(slot) : null;
  }

  /** A render answered: the renderer's run of failures is over. */
  succeeded(renderer: RendererProcess): void {
    for (const slot of this.slots.values()) if (slot.renderer === renderer) slot.failures = 0;
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

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.reaper);
    const renderers = [...this.probing];
    for (const slot of this.slots.values()) {
      if (slot.restart) clearTimeout(slot.restart);
      if (slot.renderer) renderers.push(slot.renderer);
    }
    this.slots.clear();
    await Promise.all(renderers.map((renderer) => renderer.end()));
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
    renderer.ready.then(
      ({ loaded }) => {
        slot.loaded = loaded;
        // idle from now: a start longer than the idle time does not end it before its first page
        if (slot.renderer === renderer) slot.usedAt = Date.now();
        if (!loaded) this.failed(slot, retryUnloadedMs);
      },
      () => undefined,
    );
    void renderer.exited.then(() => {
      if (slot.renderer !== renderer) return;
      slot.renderer = null;
      // ended by its own fault (not idle, not replaced): started again in the background, after the backoff
      if (renderer.failure && this.slots.get(slot.key) === slot) this.failed(slot, 0, true);
    });
    return renderer;
  }

  /** A renderer whose process starts at its turn (a few at once); its turn ends once it is ready or has failed. */
  private newRenderer(label: string, data: ReturnType<SectionRenderers['startData']>, times: RendererTimes) {
    const renderer = new RendererProcess(label, data, times, this.turns.take(), this.filesOf(data));
    const done = () => this.turns.done();
    renderer.ready.then(done, done);
    return renderer;
  }

  /** Counts a failure and sets the next start's earliest time; `restart`: start it then, if still in use. */
  private failed(slot: Slot, atLeastMs: number, restart = false): void {
    slot.failures += 1;
    const backoff = Math.min(firstBackoffMs * 2 ** (slot.failures - 1), mostBackoffMs);
    slot.startAfter = Date.now() + Math.max(backoff, atLeastMs);
    if (!restart || slot.restart) return;
    slot.restart = setTimeout(() => {
      slot.restart = null;
      const inUse = Date.now() - slot.usedAt < this.idleMs;
      if (inUse && !slot.renderer && this.slots.get(slot.key) === slot) this.start(slot);
    }, slot.startAfter - Date.now()).unref();
  }

  private dueAgain(slot: Slot, renderer: RendererProcess): boolean {
    return Date.now() >= Math.max(slot.startAfter, renderer.startedAt + retryUnloadedMs) && !renderer.busy;
  }

  /** At the cap, the least recently used renderer that is not rendering ends. */
  private makeRoom(): void {
    const alive = [...this.slots.values()].filter((slot) => slot.renderer && !slot.renderer.dead);
    if (alive.length < maxRenderers) return;
    const idle = alive.filter((slot) => !slot.renderer?.busy).sort((a, b) => a.usedAt - b.usedAt);
    const oldest = idle[0] ?? alive.sort((a, b) => a.usedAt - b.usedAt)[0];
    if (oldest?.renderer) this.retire(oldest);
  }

  /** Ends what nobody used for a while since it started, and forgets slots of builds long gone. */
  private endIdle(): void {
    const now = Date.now();
    for (const slot of this.slots.values()) {
      const idleFor = now - Math.max(slot.usedAt, slot.renderer?.lastUsedAt ?? 0);
      // a renderer still starting is not idle: its start has its own bound
      const starting = slot.renderer && !slot.renderer.serving && !slot.renderer.dead;
      if (slot.renderer && !starting && !slot.renderer.busy && idleFor >= this.idleMs) this.retire(slot);
      else if (!slot.renderer && !slot.restart && idleFor >= 10 * this.idleMs) this.slots.delete(slot.key);
    }
  }

  private retire(slot: Slot): void {
    const renderer = slot.renderer;
    slot.renderer = null;
    void renderer?.end();
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
