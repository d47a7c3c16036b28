import { existsSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { remoteByName, sectionOfPath, serverManifestPath, shell } from '@portfolio/parts';
import { isSectionBuild } from '@portfolio/contracts/page-render';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { releaseEntryUrl, type ReleaseCheck } from '@portfolio/contracts/section-releases';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { readServerManifest } from '../store/build-manifests.js';
import { LiveConfig } from '../store/live-config.js';
import { LiveSections } from '../live-sections.service.js';
import { SectionManifests } from '../renderers/section-manifests.js';
import { SectionRenderers } from '../renderers/section-renderers.js';
import { fileBesideManifest } from '../renderers/section-url.js';
import { hostVersions, requiredSingletons, singletonProblems } from './shared-singletons.js';

/** A section's page rendered on the server must answer within this long. */
const renderCheckMs = 2000;
/** Pages of one section rendered by the check, at most (a section with many projects is sampled). */
const renderedPagesMax = 10;

const sentence = (error: unknown) =>
  ((error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '').slice(0, 300);
const passed = (name: ReleaseCheck['name'], detail: string): ReleaseCheck => ({ name, outcome: 'passed', detail });
const failed = (name: ReleaseCheck['name'], detail: string): ReleaseCheck => ({ name, outcome: 'failed', detail });

/** The file a URL path names in a release's folder, or null when the path is not valid percent-encoding. */
function fileIn(folder: string, urlPath: string): string | null {
  try {
    return path.join(folder, decodeURIComponent(urlPath));
  } catch {
    return null;
  }
}

/** How long the renderer with the release may take to start, before its pages are listed and rendered in 2 s each. */
const rendererStartMs = 20_000;

const within = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms).unref(),
    ),
  ]);

/**
 * The one implementation of a release's checks, run on upload and again before every promote or roll
 * back: its archive holds both halves, its `./routes` serves the shell's route ids, its shared singletons
 * suit the host's, and every page of the section renders on the server. The browser check is reported by
 * the release command (POST .../browser-check); it is not faked here.
 */
@Injectable()
export class ReleaseChecks {
  private readonly shellFolder: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly live: LiveConfig,
    private readonly manifests: SectionManifests,
    private readonly renderers: SectionRenderers,
    private readonly sections: LiveSections,
  ) {
    this.shellFolder = path.join(config.siteBuildDir, shell.folder);
  }

  /** The release in `folder`, served at its URL from `selfOrigin`; the checks after a failed archive do not run. */
  async run(name: RemoteName, id: string, folder: string, selfOrigin: string): Promise<ReleaseCheck[]> {
    const archive = this.archive(folder);
    if (archive.outcome === 'failed') return [archive];
    const shared = this.shared(folder);
    const url = releaseEntryUrl(name, id);
    const routes = await this.routes(name, url, selfOrigin);
    const render = routes.outcome === 'failed' ? null : await this.serverRender(name, url, selfOrigin);
    return [archive, routes, shared, ...(render ? [render] : [])];
  }

  private archive(folder: string): ReleaseCheck {
    if (!existsSync(path.join(folder, 'remoteEntry.js')))
      return failed('archive', 'It has no remoteEntry.js at the top: the browser half of the build is missing.');
    const manifestFile = path.join(folder, serverManifestPath);
    if (!existsSync(manifestFile))
      return failed('archive', `It has no ${serverManifestPath}: the server half of the build is missing.`);
    let manifest;
    try {
      manifest = readServerManifest(folder);
    } catch (error) {
      return failed('archive', `Its ${sentence(error)}.`);
    }
    // resolved as the server resolves it (section-manifests.ts): a file beside the manifest, or nothing
    const entryUrl = fileBesideManifest(manifest.serverEntry, `http://release.invalid/${serverManifestPath}`);
    const entry = entryUrl ? fileIn(folder, new URL(entryUrl).pathname) : null;
    if (!entry || !entry.startsWith(folder + path.sep) || !existsSync(entry))
      return failed(
        'archive',
        `Its server entry (${manifest.serverEntry.slice(0, 80)}) is not a file of the archive beside ${serverManifestPath}.`,
      );
    return passed(
      'archive',
      'A browser half (remoteEntry.js) and a server half (server/manifest.json) within the limits.',
    );
  }

  private shared(folder: string): ReleaseCheck {
    const required = requiredSingletons(folder);
    const problems = singletonProblems(required, hostVersions(this.shellFolder));
    if (problems.length > 0) return failed('shared', `${problems.join('; ')}.`);
    const named = required.map(({ name, range }) => `${name} ${range}`).join(', ');
    return passed('shared', named ? `The site's copies suit ${named}.` : 'It shares no singleton with the site.');
  }

  private async routes(name: RemoteName, url: string, selfOrigin: string): Promise<ReleaseCheck> {
    let build;
    try {
      ({ build } = await this.manifests.read(name, url, selfOrigin));
    } catch (error) {
      return failed('routes', sentence(error));
    }
    const found = (await this.renderers.routeIds([build]))[name];
    if (!found || 'error' in found)
      return failed(
        'routes',
        `Its ./routes could not be loaded on the server: ${found ? sentence(found.error) : 'no answer'}.`,
      );
    const missing = remoteByName(name).routeIds.filter((routeId) => !found.routeIds.includes(routeId));
    return missing.length > 0
      ? failed('routes', `Its ./routes does not serve the route ids the shell needs: ${missing.join(', ')}.`)
      : passed('routes', `Its ./routes serves ${remoteByName(name).routeIds.join(', ')}.`);
  }

  /** Every page of the section (at most renderedPagesMax) rendered with the release in place of the live build. */
  private async serverRender(name: RemoteName, url: string, selfOrigin: string): Promise<ReleaseCheck> {
    if (!this.sections.rendersPages)
      return passed('server-render', 'Not run: this server has no render module (pages are rendered in the browser).');
    const live = await this.live.current();
    if (!live) return failed('server-render', 'The site has no complete live configuration to render it with.');
    const builds = await this.manifests.builds({ ...live, [name]: url }, selfOrigin);
    const own = builds.find((build) => build.name === name);
    if (!own || !isSectionBuild(own))
      return failed(
        'server-render',
        `Its server build could not be read: ${own && 'error' in own ? own.error : 'no answer'}.`,
      );
    const problems: string[] = [];
    let paths: string[] = [remoteByName(name).path];
    try {
      // a new renderer process takes seconds to start on a busy host (its own budget): the pages are then timed alone
      await within(this.sections.rendererReady(builds, name), rendererStartMs);
    } catch (error) {
      return failed('server-render', `Its renderer did not start: ${sentence(error)}.`);
    }
    try {
      const all = await within(this.sections.sitemapPaths(builds, name), renderCheckMs);
      paths = [...new Set([...paths, ...all.filter((pagePath) => sectionOfPath(pagePath) === name)])].slice(
        0,
        renderedPagesMax,
      );
    } catch (error) {
      problems.push(`its pages could not be listed (${sentence(error)})`);
    }
    for (const pagePath of paths) {
      try {
        const page = await within(
          this.sections.render(builds, { url: `${selfOrigin}${pagePath}`, siteUrl: selfOrigin }),
          renderCheckMs,
        );
        const unavailable = (page.html ?? '').includes('remote-unavailable-heading');
        if (page.status >= 400 || unavailable)
          problems.push(`${pagePath} answered ${page.status}${unavailable ? ' with "unavailable"' : ''}`);
      } catch (error) {
        problems.push(`${pagePath} failed: ${sentence(error)}`);
      }
    }
    return problems.length > 0
      ? failed('server-render', `Rendered on the server: ${problems.join('; ')}.`)
      : passed('server-render', `${paths.join(', ')} rendered on the server within ${renderCheckMs / 1000} s.`);
  }
}
