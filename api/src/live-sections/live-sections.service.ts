import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { sectionOfPath } from '@portfolio/parts';
import {
  isSectionBuild,
  type PageRequest,
  type RenderedPage,
  type SectionBuild,
  type SectionRouteIds,
  type SectionState,
} from '@portfolio/contracts/page-render';
import type { RemoteName, RemotesConfig } from '@portfolio/contracts/remote-routes';
import { releaseOfEntryUrl } from '@portfolio/contracts/section-releases';
import { ExperimentAssignments, noAssignment } from '../experiments/experiment-assignments.js';
import type { FirstVisit } from '../field/page-view-proofs.js';
import { completeConfig, LiveConfig, originsIn } from './store/live-config.js';

/** How late a replica sees a section change made on another (its live configuration is cached this long). */
export { liveSectionsCacheMs } from './store/live-config.js';
import { previewBanner } from './preview-banner.js';
import { ReleasePreviews } from './release-previews.js';
import { ReleaseFiles } from './store/release-files.js';
import { cameThroughPreviewOrigin, PreviewOrigin } from '../common/preview-origin.js';
import { SectionManifests } from './renderers/section-manifests.js';
import { RendererNotReady, SectionRenderers, type KeptRenderer } from './renderers/section-renderers.js';
import { selfOriginOf } from '../common/origins.js';

/** The section a page's URL is under, if these builds have a build of it (else its page is the shell's alone). */
function builtSectionOf(pageUrl: string, builds: readonly SectionState[]): RemoteName | null {
  const named = sectionOfPath(new URL(pageUrl).pathname);
  return builds.some((build) => build.name === named && isSectionBuild(build)) ? named : null;
}

export { rendererWaitMs } from './renderers/section-renderers.js';

/**
 * Builds kept ready are read again from their URLs (their server manifests) this often, or at once when the URLs
 * change: a release's URL never changes its build; a URL outside the site's releases (a CDN's) may, and a request
 * that names a build not kept yet has it kept at once (`fresh`).
 */
const keptBuildsMs = 60_000;

/** A request as it reaches the site, its cookies parsed once for the whole app (cookie-parser). */
export type SiteRequest = IncomingMessage & { cookies?: Record<string, unknown> };

/** Which build of each section serves one request, from which origins, previewed or not. */
export interface ServedSections {
  /** the live configuration, as every visitor gets it; null while a section has no URL anywhere */
  live: RemotesConfig | null;
  /** the section this browser previews (a preview link's cookie, on the preview origin only) */
  preview: Partial<RemotesConfig> | null;
  /** live with the preview over it: what this browser gets */
  remotes: RemotesConfig | null;
  /** the origins of every absolute URL this browser may load sections from (for the CSP) */
  origins: string[];
  /** HTML to show above a previewed page, outside React's #root; null on the site's origin */
  banner: string | null;
  /** an experiment runs (its variant is in `remotes`): the page is this visitor's, kept by no shared cache */
  underExperiment: boolean;
  /** Set-Cookie values of the visitor's experiment assignment, for page and /remotes.json responses */
  experimentCookies: string[];
  /** the experiments this request is the visitor's first page of (field/measured-pages.ts counts them) */
  firstVisits: FirstVisit[];
  /** each section's build behind `remotes`, from its server manifest (looked up in the background) */
  builds: () => Promise<SectionState[] | null>;
  /** the same for `live` alone (the sitemap: the same for everyone) */
  liveBuilds: () => Promise<SectionState[] | null>;
}

/**
 * The one owner of "which build of each section serves this request": the live configuration, the
 * owner's previews over it, the sections' manifests and the renderer processes. Server rendering, the
 * CSP, /remotes.json and the owner's checks all ask here. A request is worked out once, whoever asks.
 */
@Injectable()
export class LiveSections {
  private readonly known = new WeakMap<IncomingMessage, Promise<ServedSections>>();
  /** the builds kept ready, and the URLs they were read from (keepReady) */
  private kept: { urls: string; at: number; sets: SectionState[][] } | null = null;

  constructor(
    private readonly config: LiveConfig,
    private readonly previewOrigin: PreviewOrigin,
    private readonly manifests: SectionManifests,
    private readonly renderers: SectionRenderers,
    private readonly releasePreviews: ReleasePreviews,
    private readonly experiments: ExperimentAssignments,
    private readonly releaseFiles: ReleaseFiles,
  ) {}

  /** Each section's live release id (null: its live URL is not a release of this site), for the error groups. */
  async liveReleases(): Promise<Partial<Record<RemoteName, string | null>>> {
    const live = await this.config.current();
    return Object.fromEntries(
      Object.entries(live ?? {}).map(([name, url]) => [name, releaseOfEntryUrl(name as RemoteName, url)]),
    );
  }

  /** A release's folder on this server (its source maps, read by the error groups), or null when not kept. */
  releaseFolder(section: RemoteName, id: string): Promise<string | null> {
    return this.releaseFiles.folder(section, id);
  }

  forRequest(req: SiteRequest): Promise<ServedSections> {
    let served = this.known.get(req);
    if (!served) {
      served = this.resolve(req);
      this.known.set(req, served);
    }
    return served;
  }

  /** Whether pages are rendered on this server (the shell's render module is built). */
  get rendersPages(): boolean {
    return this.renderers.available;
  }

  /** Pages rendered from the same builds (and the same shell) are the same pages. */
  signatureOf(builds: readonly SectionState[]): string {
    return this.renderers.signatureOf(builds);
  }

  /**
   * One page, rendered by the renderer of the section its path is under (the shell alone for a path of no
   * section, or of a section without a build; with `shellAlone`, for any path: a section's routes then show its
   * "unavailable" view, 503, for the browser to render). Waits for a renderer that is starting (until rendererWaitMs
   * after its start). `ahead`: a page rendered before anyone asks (not a visitor's render: its renderer is not
   * renewed for it). Throws when there is no page to send: the renderer failed, did not start in time, timed out, or
   * answered a 5xx other than "unavailable" (its text may hold the section's own error).
   */
  async render(
    builds: readonly SectionState[],
    request: PageRequest,
    { shellAlone = false, ahead = false }: { shellAlone?: boolean; ahead?: boolean } = {},
  ): Promise<RenderedPage> {
    const section = shellAlone ? null : builtSectionOf(request.url, builds);
    const renderer = this.renderers.rendererFor(builds, section);
    if (!renderer)
      throw new RendererNotReady(`the renderer of ${section ?? 'the shell'} failed; it starts again later`);
    // held from now until its answer: the server does not end it for room or renew it meanwhile
    const release = renderer.hold();
    let page: RenderedPage;
    try {
      if (!renderer.serving) await this.renderers.whenReady(renderer);
      page = await renderer.render(request, builds);
    } finally {
      release();
    }
    if (page.status >= 500 && page.status !== 503) {
      // the page may show the section's own error text: logged here, never sent
      console.error(`${renderer.label}: ${request.url} rendered as ${page.status}`);
      throw new Error(`${renderer.label} answered ${page.status}`);
    }
    if (page.status < 500) this.renderers.succeeded(renderer, { visitor: !ahead });
    return page;
  }

  /**
   * The builds visitors may get now: the live ones, and the live ones with each running experiment's candidate.
   * Every renderer they need (each section's with a build, and the shell's) is kept ready from now on; the
   * renderers of builds no longer among them end once idle. None while a section has no URL anywhere. Asked every
   * few seconds: the database is read each time (cached for a second), the sections' manifests when their URLs
   * change, after keptBuildsMs, or with `fresh`.
   */
  async keepReady(selfOrigin: string, { fresh = false }: { fresh?: boolean } = {}): Promise<SectionState[][]> {
    const [entries, running] = await Promise.all([
      this.config.entries().catch(() => this.config.fileEntries()),
      this.experiments.running().catch(() => []),
    ]);
    const live = completeConfig(entries);
    if (!live) return [];
    const configs = [
      live,
      ...running.map((experiment) => ({ ...live, [experiment.section]: experiment.candidateUrl })),
    ];
    const urls = JSON.stringify(configs);
    const known = this.kept;
    let sets: SectionState[][];
    if (!fresh && known?.urls === urls && Date.now() - known.at < keptBuildsMs) sets = known.sets;
    else {
      sets = await Promise.all(configs.map((config) => this.manifests.builds(config, selfOrigin)));
      // a section that could not be read is read again at the next look, until it is
      this.kept = sets.every((builds) => builds.every(isSectionBuild)) ? { urls, at: Date.now(), sets } : null;
    }
    // the sections' first: a visitor's first page is more likely a section's than a 404
    const wanted: KeptRenderer[] = sets.flatMap((builds) => [
      ...builds.filter(isSectionBuild).map((build) => ({ sections: builds, section: build.name })),
      { sections: builds, section: null },
    ]);
    this.renderers.keep(wanted);
    return sets;
  }

  /** The route ids each build's `./routes` serves, each loaded alone in a sandboxed renderer (the owner's checks). */
  routeIds(builds: readonly SectionBuild[]): Promise<SectionRouteIds> {
    return this.renderers.routeIds(builds);
  }

  /**
   * Waits until the renderer of `section` (null: the shell alone) with these builds has started: a release's
   * checks time its renders, not the start of a process, which its own start bound covers.
   */
  async rendererReady(builds: readonly SectionState[], section: RemoteName | null): Promise<void> {
    const renderer = this.renderers.rendererFor(builds, section);
    if (!renderer)
      throw new RendererNotReady(`the renderer of ${section ?? 'the shell'} failed; it starts again later`);
    await renderer.ready;
  }

  /** Waits until every renderer of these builds (each section's with a build, the shell's) has started or failed. */
  async renderersStarted(builds: readonly SectionState[]): Promise<void> {
    const sections = [...builds.filter(isSectionBuild).map((build) => build.name), null];
    await Promise.allSettled(sections.map((section) => this.rendererReady(builds, section)));
  }

  /**
   * Every page's path: each section's renderer lists its own (a project's pages come from its section's code);
   * `only` one section's, for a release's checks.
   */
  async sitemapPaths(builds: readonly SectionState[], only?: RemoteName): Promise<string[]> {
    const all = [null, ...builds.filter(isSectionBuild).map((build) => build.name)];
    const sections = only ? all.filter((section) => section === only) : all;
    const listOf = async (section: RemoteName | null, again: boolean): Promise<string[]> => {
      const renderer = this.renderers.rendererFor(builds, section);
      if (!renderer) return [];
      try {
        await renderer.ready;
        return await renderer.sitemapPaths(builds);
      } catch {
        // a renderer ended before it started (the server made room, or renewed it) is not its section's fault:
        // the next one is asked, once; otherwise its section's pages are left out this time (logged by it)
        return again && renderer.dead ? listOf(section, false) : [];
      }
    };
    const listed = await Promise.all(sections.map((section) => listOf(section, true)));
    return [...new Set(listed.flat())];
  }

  private async resolve(req: SiteRequest): Promise<ServedSections> {
    // a preview exists on the preview origin only: the site's origin never honours its cookie (cookies are not
    // kept apart by port), and the preview origin runs no experiment (its cookie would reach the site's origin)
    const onPreviewOrigin = cameThroughPreviewOrigin(req);
    const [entries, previewed, assignment] = await Promise.all([
      // storage that does not answer costs the site its promoted sections, not its pages
      this.config.entries().catch(() => this.config.fileEntries()),
      onPreviewOrigin ? this.releasePreviews.forCookies(req.cookies).catch(() => null) : null,
      // storage that does not answer: everyone gets live
      onPreviewOrigin ? noAssignment : this.experiments.forRequest(req).catch(() => noAssignment),
    ]);
    const preview = previewed ? { [previewed.section]: previewed.url } : null;
    const live = completeConfig(entries);
    // an experiment's variant over live, the owner's preview over both
    const remotes = live ? { ...live, ...assignment.candidates, ...preview } : live;
    const selfOrigin = selfOriginOf(req);
    const buildsOf = (config: RemotesConfig | null) => {
      let builds: Promise<SectionState[] | null> | undefined;
      return () => (builds ??= config ? this.manifests.builds(config, selfOrigin) : Promise.resolve(null));
    };
    return {
      live,
      preview,
      remotes,
      origins: originsIn({ ...entries, ...assignment.candidates, ...preview }),
      banner: previewed ? previewBanner(previewed, this.previewOrigin.siteUrl) : null,
      underExperiment: assignment.underExperiment,
      experimentCookies: assignment.cookies,
      firstVisits: assignment.firstVisits,
      builds: buildsOf(remotes),
      liveBuilds: buildsOf(live),
    };
  }
}
