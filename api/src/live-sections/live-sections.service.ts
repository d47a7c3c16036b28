import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { ownerPreviewCookie } from '@portfolio/contracts/owner';
import type { PageRequest, RenderedPage, SectionState } from '@portfolio/contracts/page-render';
import type { RemotesConfig } from '@portfolio/contracts/remote-routes';
import { releaseEntryUrl } from '@portfolio/contracts/section-releases';
import { ExperimentAssignments } from '../experiments/experiment-assignments.js';
import { completeConfig, LiveConfig, originsIn } from './live-config.js';
import { OwnerPreviews } from './owner-previews.js';
import { previewBanner } from './preview-banner.js';
import { ReleasePreviews } from './releases/release-previews.js';
import { SectionManifests } from './section-manifests.js';
import { SectionRenderers } from './section-renderers.js';
import { selfOriginOf } from './section-url.js';

/** A request as it reaches the site, its cookies parsed once for the whole app (cookie-parser). */
export type SiteRequest = IncomingMessage & { cookies?: Record<string, unknown> };

/** Which build of each section serves one request, from which origins, previewed or not. */
export interface ServedSections {
  /** the live configuration, as every visitor gets it; null while a section has no URL anywhere */
  live: RemotesConfig | null;
  /** the sections this browser previews (a live owner session's preview cookie, or a release preview link's) */
  preview: Partial<RemotesConfig> | null;
  /** live with the preview over it: what this browser gets */
  remotes: RemotesConfig | null;
  /** the origins of every absolute URL this browser may load sections from (for the CSP) */
  origins: string[];
  /** HTML to show above a previewed page, outside React's #root; null for visitors */
  banner: string | null;
  /** an experiment runs (its variant is in `remotes`): the page is this visitor's, kept by no shared cache */
  underExperiment: boolean;
  /** Set-Cookie values of the visitor's experiment assignment, for page and /remotes.json responses */
  experimentCookies: string[];
  /** each section's build behind `remotes`, from its server manifest (looked up in the background) */
  builds: () => Promise<SectionState[] | null>;
  /** the same for `live` alone (the sitemap: the same for everyone) */
  liveBuilds: () => Promise<SectionState[] | null>;
}

/**
 * The one owner of "which build of each section serves this request": the live configuration, the
 * owner's previews over it, the sections' manifests and the render workers. Server rendering, the
 * CSP, /remotes.json and the owner's checks all ask here. A request is worked out once, whoever asks.
 */
@Injectable()
export class LiveSections {
  private readonly known = new WeakMap<IncomingMessage, Promise<ServedSections>>();

  constructor(
    private readonly config: LiveConfig,
    private readonly previews: OwnerPreviews,
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

  async render(builds: readonly SectionState[], request: PageRequest): Promise<RenderedPage> {
    const worker = this.renderers.workerFor(builds);
    await worker.ready;
    return worker.render(request);
  }

  async sitemapPaths(builds: readonly SectionState[]): Promise<string[]> {
    const worker = this.renderers.workerFor(builds);
    await worker.ready;
    return worker.sitemapPaths();
  }

  private async resolve(req: SiteRequest): Promise<ServedSections> {
    const [entries, ownerPreview, releasePreview, assignment] = await Promise.all([
      // storage that does not answer costs the site its promoted sections, not its pages
      this.config.entries().catch(() => this.config.fileEntries()),
      this.previews.forToken(req.cookies?.[ownerPreviewCookie]).catch(() => null),
      this.releasePreviews.forCookies(req.cookies).catch(() => null),
      // storage that does not answer: everyone gets live
      this.experiments.forRequest(req).catch(() => ({ candidates: {}, underExperiment: false, cookies: [] })),
    ]);
    // a release preview link's cookie is a preview like the owner's, for whoever opened the link
    const preview = releasePreview
      ? { ...ownerPreview, [releasePreview.section]: releaseEntryUrl(releasePreview.section, releasePreview.id) }
      : ownerPreview;
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
      banner: preview ? previewBanner(preview) : null,
      underExperiment: assignment.underExperiment,
      experimentCookies: assignment.cookies,
      builds: buildsOf(remotes),
      liveBuilds: buildsOf(live),
    };
  }
}
