import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import {
  isSectionBuild,
  type PageRequest,
  type RenderedPage,
  type SectionBuild,
  type SectionRouteIds,
  type SectionState,
} from '@portfolio/contracts/page-render';
import type { RemoteName, RemotesConfig } from '@portfolio/contracts/remote-routes';
import { ExperimentAssignments, noAssignment } from '../experiments/experiment-assignments.js';
import type { FirstVisit } from '../rum/page-view-proofs.js';
import { completeConfig, LiveConfig, originsIn } from './live-config.js';
import { sectionOfPath } from './page-section.js';
import { previewBanner } from './preview-banner.js';
import { ReleasePreviews } from './releases/release-previews.js';
import { cameThroughPreviewOrigin, PreviewOrigin } from '../common/preview-origin.js';
import { SectionManifests } from './section-manifests.js';
import { SectionRenderers } from './section-renderers.js';
import { selfOriginOf } from './section-url.js';

/** The section a page's URL is under, if these builds have a build of it (else its page is the shell's alone). */
function builtSectionOf(pageUrl: string, builds: readonly SectionState[]): RemoteName | null {
  const named = sectionOfPath(new URL(pageUrl).pathname);
  return builds.some((build) => build.name === named && isSectionBuild(build)) ? named : null;
}

/** No page: the section's renderer is starting, or waiting to start again after failing (it logged why). */
export class RendererNotReady extends Error {}

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
  /** the experiments this request is the visitor's first page of (rum/measured-pages.ts counts them) */
  firstVisits: FirstVisit[];
  /** each section's build behind `remotes`, from its server manifest (looked up in the background) */
  builds: () => Promise<SectionState[] | null>;
  /** the same for `live` alone (the sitemap: the same for everyone) */
  liveBuilds: () => Promise<SectionState[] | null>;
  /** the builds with the other variant of `section`'s experiment; null when none runs on it, or it is previewed */
  counterpartBuilds: (section: RemoteName) => Promise<SectionState[] | null>;
}

/**
 * The one owner of "which build of each section serves this request": the live configuration, the
 * owner's previews over it, the sections' manifests and the renderer processes. Server rendering, the
 * CSP, /remotes.json and the owner's checks all ask here. A request is worked out once, whoever asks.
 */
@Injectable()
export class LiveSections {
  private readonly known = new WeakMap<IncomingMessage, Promise<ServedSections>>();

  constructor(
    private readonly config: LiveConfig,
    private readonly previewOrigin: PreviewOrigin,
    private readonly manifests: SectionManifests,
    private readonly renderers: SectionRenderers,
    private readonly releasePreviews: ReleasePreviews,
    private readonly experiments: ExperimentAssignments,
  ) {}

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
   * section, or of a section without a build). Throws when there is no page to send: the renderer failed,
   * timed out, or answered a 5xx other than "unavailable" (its text may hold the section's own error);
   * with `fallbackWhileStarting`, also at once while that renderer is still starting (a visitor never waits).
   */
  async render(
    builds: readonly SectionState[],
    request: PageRequest,
    { fallbackWhileStarting = false }: { fallbackWhileStarting?: boolean } = {},
  ): Promise<RenderedPage> {
    const section = builtSectionOf(request.url, builds);
    const renderer = this.renderers.rendererFor(builds, section);
    if (!renderer)
      throw new RendererNotReady(`the renderer of ${section ?? 'the shell'} failed; it starts again later`);
    if (!renderer.serving) {
      if (fallbackWhileStarting) throw new RendererNotReady(`the renderer of ${section ?? 'the shell'} is starting`);
      await renderer.ready;
    }
    const page = await renderer.render(request, builds);
    if (page.status >= 500 && page.status !== 503) {
      // the page may show the section's own error text: logged here, never sent
      console.error(`${renderer.label}: ${request.url} rendered as ${page.status}; the browser renders it`);
      throw new Error(`${renderer.label} answered ${page.status}`);
    }
    if (page.status < 500) this.renderers.succeeded(renderer);
    return page;
  }

  /**
   * While an experiment runs on a section, each page of it starts, or keeps alive, the renderers of both its
   * variants, whichever this visitor gets: they start and idle together. Otherwise the candidate's renderer
   * starts on its own first visitor, and a variant whose renderer is cold answers its visitors with the
   * browser's page (a slower LCP) more often than the other: results biased against it, and a guard that
   * might stop a sound candidate on LCP.
   */
  async keepVariantsWarm(served: ServedSections, builds: readonly SectionState[], pageUrl: string): Promise<void> {
    const section = sectionOfPath(new URL(pageUrl).pathname);
    const counterpart = section ? await served.counterpartBuilds(section) : null;
    if (!counterpart) return;
    for (const variant of [builds, counterpart])
      if (builtSectionOf(pageUrl, variant) === section) this.renderers.rendererFor(variant, section);
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

  /**
   * Every page's path: each section's renderer lists its own (a project's pages come from its section's code);
   * `only` one section's, for a release's checks.
   */
  async sitemapPaths(builds: readonly SectionState[], only?: RemoteName): Promise<string[]> {
    const all = [null, ...builds.filter(isSectionBuild).map((build) => build.name)];
    const sections = only ? all.filter((section) => section === only) : all;
    const listed = await Promise.all(
      sections.map(async (section) => {
        const renderer = this.renderers.rendererFor(builds, section);
        if (!renderer) return [];
        try {
          await renderer.ready;
          return await renderer.sitemapPaths(builds);
        } catch {
          return []; // logged by the renderer; its section's pages with parameters are left out this time
        }
      }),
    );
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
      counterpartBuilds: (section) => {
        const other = preview?.[section] ? undefined : assignment.counterparts[section];
        return other && remotes ? buildsOf({ ...remotes, [section]: other })() : Promise.resolve(null);
      },
    };
  }
}
