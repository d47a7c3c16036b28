import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { shell } from '@portfolio/parts';
import type { SectionBuild, SectionRouteIds, SectionState } from '@portfolio/contracts/page-render';
import { remoteNames } from '@portfolio/contracts/remote-routes';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RenderWorkerThread } from './render-worker-thread.js';
import { buildsSignature } from './section-manifests.js';

/** Render workers alive at once, whatever they do: the current set of builds and the one before it (or a preview's). */
export const maxRenderWorkers = 2;
/** A worker that could not load a section is replaced this long after it started, to try again. */
const retryUnavailableMs = 10_000;
const startTimeoutMs = 30_000;
const renderTimeoutMs = 10_000;
/** The shell's build is looked at no more than once a second. */
const shellVersionMs = 1000;

/**
 * The render workers, one per set of section builds, and the only place one is started. A set seen for
 * the first time gets a new worker; at the cap the least recently used goes (an idle one first), so the
 * code of a replaced build is gone with its thread. Ended with the application (OnModuleDestroy).
 */
@Injectable()
export class SectionRenderers implements OnModuleDestroy {
  private readonly shellDist: string;
  /** serving workers by signature, least recently used first */
  private readonly serving = new Map<string, RenderWorkerThread>();
  /** every thread alive: serving, draining or probing */
  private readonly alive = new Set<RenderWorkerThread>();
  private readonly unavailable = new WeakMap<RenderWorkerThread, boolean>();
  private readonly shellVersion = new LRUCache<'shell', string>({ max: 1, ttl: shellVersionMs });
  private probes: Promise<unknown> = Promise.resolve();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.shellDist = path.join(config.siteBuildDir, shell.folder, 'dist');
  }

  /** Whether pages can be rendered here at all: the shell's render module is built. */
  get available(): boolean {
    return existsSync(this.renderModule);
  }

  /** Pages rendered with the same signature are the same pages. */
  signatureOf(sections: readonly SectionState[]): string {
    return `${this.currentShellVersion()}\n${buildsSignature(sections)}`;
  }

  /** The worker serving this set of builds, started if there is none (or it died, or should try again). */
  workerFor(sections: readonly SectionState[]): RenderWorkerThread {
    const signature = this.signatureOf(sections);
    let worker = this.serving.get(signature);
    if (worker && (worker.dead || this.wantsRetry(worker))) {
      this.serving.delete(signature);
      worker.retire();
      worker = undefined;
    }
    if (!worker) {
      const started = this.start(signature, sections);
      started.ready.then(
        ({ unavailable }) => this.unavailable.set(started, unavailable.length > 0),
        () => undefined,
      );
      worker = started;
    }
    // most recently used last: the first ones are the first to go
    this.serving.delete(signature);
    this.serving.set(signature, worker);
    return worker;
  }

  /**
   * The route ids each build's `./routes` serves, loaded as pages load them, in a worker of their own
   * that ends with the answer: a candidate's code never runs in the API's thread. One probe at a time.
   */
  routeIds(builds: readonly SectionBuild[]): Promise<SectionRouteIds> {
    const run = this.probes.then(() => this.probe(builds));
    this.probes = run.catch(() => undefined);
    return run;
  }

  async onModuleDestroy(): Promise<void> {
    const workers = [...this.alive];
    this.serving.clear();
    await Promise.all(workers.map((worker) => worker.end()));
  }

  private async probe(builds: readonly SectionBuild[]): Promise<SectionRouteIds> {
    const failed = (error: string): SectionRouteIds =>
      Object.fromEntries(builds.map((build) => [build.name, { error }]));
    if (!this.available)
      return failed('this server has no render module (shell/dist/server/render.js) to load it with');
    const sections: SectionState[] = remoteNames.map(
      (name) =>
        builds.find((build) => build.name === name) ?? { name, url: '', error: 'not part of this health check' },
    );
    const worker = this.start(
      `health check ${builds.map((build) => `${build.name}@${build.version}`).join(' ')}`,
      sections,
    );
    try {
      await worker.ready;
      return await worker.sectionRouteIds();
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error));
    } finally {
      void worker.end();
    }
  }

  /** The one place a render worker is made, within the cap. */
  private start(label: string, sections: readonly SectionState[]): RenderWorkerThread {
    while (this.alive.size >= maxRenderWorkers) this.endOldest();
    const worker = new RenderWorkerThread(
      label,
      { renderModule: this.renderModule, template: readFileSync(this.templatePath, 'utf8'), sections },
      { script: new URL('./render-worker.js', import.meta.url), startTimeoutMs, renderTimeoutMs },
    );
    this.alive.add(worker);
    void worker.exited.then(() => this.alive.delete(worker));
    return worker;
  }

  /** Makes room: a draining worker, else the least recently used idle one, else the least recently used. */
  private endOldest(): void {
    const draining = [...this.alive].filter((worker) => !this.isServing(worker));
    const serving = [...this.serving.values()];
    const oldest = draining[0] ?? serving.find((worker) => !worker.busy) ?? serving[0];
    if (!oldest) return;
    for (const [signature, worker] of this.serving) if (worker === oldest) this.serving.delete(signature);
    this.alive.delete(oldest);
    void oldest.end();
  }

  private isServing(worker: RenderWorkerThread): boolean {
    return [...this.serving.values()].includes(worker);
  }

  private get renderModule(): string {
    return path.join(this.shellDist, 'server', 'render.js');
  }

  private get templatePath(): string {
    return path.join(this.shellDist, 'index.html');
  }

  private wantsRetry(worker: RenderWorkerThread): boolean {
    return this.unavailable.get(worker) === true && Date.now() - worker.startedAt >= retryUnavailableMs;
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
