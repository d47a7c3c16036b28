import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { shell } from '@portfolio/parts';
import type { SectionBuild, SectionRouteIds, SectionState } from '@portfolio/contracts/page-render';
import { remoteNames } from '@portfolio/contracts/remote-routes';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RenderWorkerThread } from '../site/render-worker-thread.js';

/**
 * Loads section builds the way pages are rendered, in a render worker of their own, and asks which route
 * ids their `./routes` serves. A candidate's code runs in that worker only, never in the API's thread,
 * and the worker ends with the answer. One probe at a time: the machine renders pages meanwhile.
 */
@Injectable()
export class RouteIdsProbe {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  routeIds(builds: readonly SectionBuild[]): Promise<SectionRouteIds> {
    const run = this.queue.then(() => this.probe(builds));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async probe(builds: readonly SectionBuild[]): Promise<SectionRouteIds> {
    const failed = (error: string): SectionRouteIds =>
      Object.fromEntries(builds.map((build) => [build.name, { error }]));
    const shellDist = path.join(this.config.siteBuildDir, shell.folder, 'dist');
    const renderModule = path.join(shellDist, 'server', 'render.js');
    if (!existsSync(renderModule))
      return failed('this server has no render module (shell/dist/server/render.js) to load it with');
    const sections: SectionState[] = remoteNames.map(
      (name) =>
        builds.find((build) => build.name === name) ?? { name, url: '', error: 'not part of this health check' },
    );
    const worker = new RenderWorkerThread(
      `health check ${builds.map((build) => `${build.name}@${build.version}`).join(' ')}`,
      { renderModule, template: readFileSync(path.join(shellDist, 'index.html'), 'utf8'), sections },
      {
        script: new URL('../site/render-worker.js', import.meta.url),
        startTimeoutMs: 30_000,
        renderTimeoutMs: 10_000,
      },
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
}
