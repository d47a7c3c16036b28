import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { shell } from '@portfolio/parts';
import type { RenderedPage, SectionState } from '@portfolio/contracts/page-render';
import { isSearchParamList, pageQuery } from '@portfolio/contracts/page-query';
import type { RemotesConfig } from '@portfolio/contracts/remote-routes';
import { pageDataBlock } from '@portfolio/contracts/page-data';
import { ownerBasePath } from '@portfolio/contracts/owner';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { experimentPage } from '../experiments/experiment-page.js';
import { LiveSections, type ServedSections, type SiteRequest } from '../live-sections/live-sections.service.js';
import { MeasuredPages } from '../field/measured-pages.js';
import { pageCache } from './page-cache.js';
import { publicOrigin, publicOriginAt, selfOriginAt } from '../common/origins.js';
import { sitePage, type SitePage } from './site-page.js';

/** A page request as rendering sees it: what was asked for, on the site's public origin. */
interface PageAsked {
  /** path and query, as asked for */
  path: string;
  /** the public origin (SITE_URL), never the request's Host */
  origin: string;
}

/** What React hydrates; the preview banner goes before it, so hydration never sees it. */
const reactRoot = '<div id="root"';

/** A page for one browser only (the owner's preview): never kept by anyone, with the banner above it. */
function privatePage(page: SitePage, banner: string | null): SitePage {
  const text = page.body.toString('utf8');
  const shown = banner && text.includes(reactRoot) ? text.replace(reactRoot, `${banner}${reactRoot}`) : text;
  const { ETag: _etag, ...headers } = page.headers;
  return sitePage(page.status, headers['Content-Type'] ?? 'text/html; charset=utf-8', shown, {
    ...headers,
    'Cache-Control': 'private, no-store',
  });
}

/**
 * The shell's page for the browser to render alone, naming the builds this visitor gets (an experiment's variant, a
 * preview): the browser loads exactly those, as on a server-rendered page (and its proof, like any page's, tags its
 * field measurements with them). Sent where the site renders nothing on the server (200), and as the last resort
 * when not even the shell's renderer answers (503).
 */
function clientRenderedPage(
  templatePath: string,
  remotes: RemotesConfig | null,
  builds: readonly SectionState[] | null,
  status: 200 | 503,
): SitePage {
  let html = readFileSync(templatePath, 'utf8');
  // both are null together: while a section has no URL anywhere (LiveSections.forRequest)
  if (remotes && builds) {
    const data = pageDataBlock({ sections: remotes, clientRender: true, router: null });
    // where the shell's render module puts it (page-document.ts)
    html = html.replace('</body>', () => `${data}</body>`);
  }
  return sitePage(status, 'text/html; charset=utf-8', html, { 'Cache-Control': 'no-store' });
}

/** A path of the owner's area (client-rendered, noindex, out of the sitemap). */
export const isOwnerPath = (pagePath: string) => pagePath === ownerBasePath || pagePath.startsWith(`${ownerBasePath}/`);

/**
 * A page as rendered, with how many picks it has (page-picks.ts) and the query parameters its routes read
 * (page-query.ts); null picks: not the section's own page (the frame with its "unavailable" message, or the
 * page the browser renders), which teaches nothing of the page (a count of 1 learnt from it would send every
 * later visitor the kept pick 0).
 */
interface Rendered {
  page: SitePage;
  picks: number | null;
  searchParams: readonly string[];
}

/** The picks asked of the render module: any whole number below this; each page takes it modulo its count. */
const pickRange = 2 ** 31;

/**
 * How often the renderers of what visitors get are looked after (the live builds and running experiments, from the
 * database): a promote on another replica reaches this one's renderers this late.
 */
const keepEveryMs = 2000;

/** A set of builds whose pages were rendered ahead: the few latest (a promote and a roll back, an experiment). */
const renderedAheadMax = 16;

// joined as text: a path starting with // must stay a path on the public origin
const pageUrl = (asked: PageAsked) => new URL(`${asked.origin}${asked.path}`).href;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A rendered page as it is sent: its HTML, or a redirect. */
function sitePageOf(page: RenderedPage): SitePage {
  if (page.location !== undefined)
    return sitePage(page.status, 'text/plain; charset=utf-8', '', { Location: page.location });
  return sitePage(page.status, 'text/html; charset=utf-8', page.html ?? '');
}

/**
 * The site's pages, rendered on the server from the builds LiveSections names for each request, and kept per
 * path (with the query parameters its routes read, nothing else), set of builds and pick; the owner's previews
 * are rendered afresh and kept by no one. From when the server listens, the pages of the sitemap are rendered
 * ahead, at the start and whenever the builds visitors get change, by renderers kept ready for them.
 */
@Injectable()
export class SitePages implements OnModuleDestroy {
  private readonly shellDist: string;
  private readonly cache = pageCache();
  private readonly rendering = new Map<string, Promise<Rendered>>();
  /** how many picks each page has (page-picks.ts), learnt from its first render */
  private readonly pickCounts = new LRUCache<string, number>({ max: 1000 });
  /** the query parameters each path's routes read, per set of builds, learnt from its first render */
  private readonly searchParams = new LRUCache<string, readonly string[]>({ max: 1000 });
  private readonly renderedAhead = new LRUCache<string, true>({ max: renderedAheadMax });
  private keeper: { timer: NodeJS.Timeout; selfOrigin: string; origin: string } | null = null;
  private keeping: Promise<void> | null = null;
  private keepAgain = false;
  /** the next look reads the builds afresh, asked at this time */
  private fresh = false;
  private freshAt = 0;
  private closed = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly liveSections: LiveSections,
    private readonly measured: MeasuredPages,
  ) {
    this.shellDist = path.join(config.siteDir ?? config.siteBuildDir, shell.folder, 'dist');
  }

  async page(req: SiteRequest & { originalUrl: string }): Promise<SitePage> {
    const served = await this.liveSections.forRequest(req);
    // kept per set of builds like any page; sent as this visitor's own, with their experiment cookie and the
    // proof of this page view that its field measurements need
    return this.measured.withProof(experimentPage(await this.servedPage(req, served), served), req, served);
  }

  /**
   * From when `server` listens: the renderers of the builds visitors get kept ready, and every page of the sitemap
   * with them rendered and kept before anyone asks, at the start and whenever those builds change (a promote, a
   * roll back, an experiment that starts or ends). Looked at every keepEveryMs.
   */
  keepPagesReady(server: Server): void {
    const begin = () => {
      const address = server.address();
      if (this.closed || this.keeper || !address || typeof address === 'string') return;
      const timer = setInterval(() => void this.keepReady(), keepEveryMs).unref();
      this.keeper = {
        timer,
        selfOrigin: selfOriginAt(address.port),
        origin: publicOriginAt(this.config, address.port),
      };
      void this.keepReady();
    };
    if (server.listening) begin();
    else server.once('listening', begin);
  }

  onModuleDestroy(): void {
    this.closed = true;
    if (this.keeper) clearInterval(this.keeper.timer);
  }

  /** Whether another look was asked for during the last (read after an await, where a field would be narrowed). */
  private askedAgain(): boolean {
    return this.keepAgain;
  }

  /** Whether the application is ending (read after an await, where a field would be narrowed). */
  private stopped(): boolean {
    return this.closed;
  }

  private async servedPage(req: SiteRequest & { originalUrl: string }, served: ServedSections): Promise<SitePage> {
    const asked: PageAsked = { path: req.originalUrl, origin: publicOrigin(this.config, req) };
    // a page with picks (home's random doors) is kept once per pick; each visitor gets one at random
    const pick = randomInt(pickRange);
    const builds = await served.builds();
    if (!builds || !this.liveSections.rendersPages) {
      const page = clientRenderedPage(this.templatePath, served.remotes, builds, 200);
      return served.preview ? privatePage(page, served.banner) : page;
    }
    if (served.preview)
      return privatePage((await this.render(asked, builds, pick, served.remotes)).page, served.banner);
    return this.keptPage(asked, builds, pick, served.remotes);
  }

  /**
   * The page asked for, with these builds, in `pick`: kept, or rendered (once at a time) and kept if it is a
   * page of the site (200). Query parameters its routes do not read are not part of it. `remotes`: the sections
   * the visitor's browser loads; null for a page rendered ahead, for no visitor yet.
   */
  private async keptPage(
    asked: PageAsked,
    builds: readonly SectionState[],
    pick: number,
    remotes: RemotesConfig | null,
  ): Promise<SitePage> {
    const signature = this.liveSections.signatureOf(builds);
    // builds no page was rendered ahead with (a new build behind a section's URL, a promote on another replica)
    if (remotes && !this.renderedAhead.has(signature)) this.keepSoon();
    const { pathname, search } = new URL(pageUrl(asked));
    const pathKey = `${pathname}\n${signature}`;
    const read = this.searchParams.get(pathKey);
    // until its first render says which it reads, a path is rendered with the query as asked (and kept without it)
    const pagePath = read ? `${pathname}${pageQuery(search, read)}` : asked.path;
    const pageKey = `${pagePath}\n${signature}`;
    const keyOf = (picks: number) => `${pageKey}\n${pick % picks}`;
    const key = keyOf(this.pickCounts.get(pageKey) ?? 1);
    const kept = this.cache.get(key);
    if (kept) return kept;
    let rendering = this.rendering.get(key);
    if (!rendering) {
      rendering = this.render({ ...asked, path: pagePath }, builds, pick, remotes).finally(() =>
        this.rendering.delete(key),
      );
      this.rendering.set(key, rendering);
      void rendering.then(({ page, picks, searchParams }) => {
        if (picks === null) return;
        this.searchParams.set(pathKey, searchParams);
        const keptKey = `${pathname}${pageQuery(search, searchParams)}\n${signature}`;
        this.pickCounts.set(keptKey, picks);
        // a page of the site: not a 404 or a redirect of any path someone makes up, nor a 503
        if (page.status === 200) this.cache.set(`${keptKey}\n${pick % picks}`, page);
      });
    }
    return (await rendering).page;
  }

  /**
   * Renders the page; if its section's renderer cannot, the frame from the server with its "unavailable" message.
   * `remotes` as for keptPage: a render ahead does not count as a visitor's (its renderer is not renewed for it).
   */
  private async render(
    asked: PageAsked,
    builds: readonly SectionState[],
    pick: number,
    remotes: RemotesConfig | null,
  ): Promise<Rendered> {
    const request = { url: pageUrl(asked), siteUrl: asked.origin, pick };
    try {
      const page = await this.liveSections.render(builds, request, { ahead: remotes === null });
      // a render module built before page picks says nothing: one pick
      const picks = Number.isSafeInteger(page.picks) && page.picks > 0 ? page.picks : 1;
      // what the routes read is learnt from their own renderer only (a 503's section did not load)
      const searchParams = page.status < 500 && isSearchParamList(page.searchParams) ? page.searchParams : [];
      return { page: sitePageOf(page), picks: page.status < 500 ? picks : null, searchParams };
    } catch (error) {
      // the renderer logged the cause under its section's name; the visitor gets the frame, and the browser tries
      console.warn(
        'Rendering',
        asked.path,
        'on the server failed; the frame says its section is unavailable:',
        (error as Error).message,
      );
    }
    try {
      const frame = await this.liveSections.render(builds, request, { shellAlone: true, ahead: remotes === null });
      return { page: sitePageOf(frame), picks: null, searchParams: [] };
    } catch (error) {
      console.error('Rendering', asked.path, 'with the shell alone failed too:', (error as Error).message);
      return { page: clientRenderedPage(this.templatePath, remotes, builds, 503), picks: null, searchParams: [] };
    }
  }

  /** A look after the pages that reads the builds afresh, at most once per keepEveryMs. */
  private keepSoon(): void {
    if (!this.keeper || Date.now() - this.freshAt < keepEveryMs) return;
    this.freshAt = Date.now();
    this.fresh = true;
    void this.keepReady();
  }

  /** One look after the pages, one at a time: a call while one runs asks for another after it. */
  private keepReady(): Promise<void> {
    if (this.keeping) {
      this.keepAgain = true;
      return this.keeping;
    }
    const run = async () => {
      do {
        this.keepAgain = false;
        await this.keepOnce();
      } while (this.askedAgain() && !this.stopped());
    };
    this.keeping = run().finally(() => (this.keeping = null));
    return this.keeping;
  }

  private async keepOnce(): Promise<void> {
    const keeper = this.keeper;
    if (!keeper || this.closed || !this.liveSections.rendersPages) return;
    const fresh = this.fresh;
    this.fresh = false;
    try {
      for (const builds of await this.liveSections.keepReady(keeper.selfOrigin, { fresh })) {
        const signature = this.liveSections.signatureOf(builds);
        if (this.stopped() || this.renderedAhead.has(signature)) continue;
        this.renderedAhead.set(signature, true);
        await this.renderAhead(keeper.origin, builds, signature);
      }
    } catch (error) {
      console.warn('Keeping the pages ready failed:', (error as Error).message);
    }
  }

  /**
   * Every page of the sitemap with these builds, each of its picks, rendered and kept, one at a time once their
   * renderers have started (a start takes the cores a render would need). A page that is not the section's own (its
   * render failed) stops it: on a host too busy to render in time, pages are rendered as visitors ask.
   */
  private async renderAhead(origin: string, builds: readonly SectionState[], signature: string): Promise<void> {
    await this.liveSections.renderersStarted(builds);
    const paths = (await this.liveSections.sitemapPaths(builds)).filter((pagePath) => !isOwnerPath(pagePath));
    for (const pagePath of paths) {
      const asked = { path: pagePath, origin };
      let picks = 1;
      for (let pick = 0; pick < picks; pick += 1) {
        if (this.stopped()) return;
        const page = await this.keptPage(asked, builds, pick, null);
        if (page.status >= 500) return;
        picks = this.pickCounts.get(`${pagePath}\n${signature}`) ?? 1;
      }
    }
  }

  async sitemap(req: SiteRequest): Promise<SitePage> {
    const siteUrl = publicOrigin(this.config, req);
    const builds = await (await this.liveSections.forRequest(req)).liveBuilds();
    let paths = ['/'];
    // the owner's pages are nobody's search result
    if (builds && this.liveSections.rendersPages)
      paths = (await this.liveSections.sitemapPaths(builds)).filter((pagePath) => !isOwnerPath(pagePath));
    const urls = paths.map((pagePath) => `<url><loc>${xmlText(new URL(pagePath, siteUrl).href)}</loc></url>`);
    return sitePage(
      200,
      'application/xml; charset=utf-8',
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
    );
  }

  robots(req: SiteRequest): SitePage {
    const siteUrl = publicOrigin(this.config, req);
    return sitePage(
      200,
      'text/plain; charset=utf-8',
      `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${ownerBasePath}\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`,
    );
  }

  /** The owner's pages: the shell's page for the browser to render, kept by no one and out of every index. */
  ownerPage(): SitePage {
    const template = readFileSync(this.templatePath, 'utf8');
    const noindex = '<meta name="robots" content="noindex">';
    const html = template.includes('</head>')
      ? template.replace('</head>', `${noindex}</head>`)
      : template.replace(/<title>/i, `${noindex}<title>`);
    return sitePage(200, 'text/html; charset=utf-8', html, { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  }

  private get templatePath(): string {
    return path.join(this.shellDist, 'index.html');
  }
}
