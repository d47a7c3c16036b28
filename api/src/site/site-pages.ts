import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { shell } from '@portfolio/parts';
import type { RenderedPage, SectionState } from '@portfolio/contracts/page-render';
import { pageDataBlock } from '@portfolio/contracts/page-data';
import { ownerBasePath } from '@portfolio/contracts/owner';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { experimentPage } from '../experiments/experiment-page.js';
import {
  LiveSections,
  RendererNotReady,
  type ServedSections,
  type SiteRequest,
} from '../live-sections/live-sections.service.js';
import { MeasuredPages } from '../rum/measured-pages.js';
import { pageCache } from './page-cache.js';
import { publicOrigin } from './public-origin.js';
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

/** A path of the owner's area (client-rendered, noindex, out of the sitemap). */
export const isOwnerPath = (pagePath: string) => pagePath === ownerBasePath || pagePath.startsWith(`${ownerBasePath}/`);

/**
 * A page as rendered, with how many variants it has (page-variants.ts); null: not rendered on the server (the
 * browser's page says nothing of the variants, and must not teach a count of 1: every later visitor would be
 * sent the kept variant 0).
 */
interface Rendered {
  page: SitePage;
  variants: number | null;
}

/** The variants asked of the render module: any whole number below this; each page takes it modulo its count. */
const variantRange = 2 ** 31;

/** Pages that failed or fell back to the browser are rendered again next time. */
const isKept = (page: SitePage) => page.headers['Cache-Control'] !== 'no-store';

// joined as text: a path starting with // must stay a path on the public origin
const pageUrl = (asked: PageAsked) => new URL(`${asked.origin}${asked.path}`).href;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The site's pages, rendered on the server from the builds LiveSections names for each request, and
 * kept per URL and set of builds (the owner's previews are rendered afresh and kept by no one).
 */
@Injectable()
export class SitePages {
  private readonly shellDist: string;
  private readonly cache = pageCache();
  private readonly rendering = new Map<string, Promise<Rendered>>();
  /** how many variants each page has (page-variants.ts), learnt from its first render */
  private readonly variantCounts = new LRUCache<string, number>({ max: 1000 });

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

  private async servedPage(req: SiteRequest & { originalUrl: string }, served: ServedSections): Promise<SitePage> {
    const asked: PageAsked = { path: req.originalUrl, origin: publicOrigin(this.config, req) };
    // a page with variants (home's random doors) is kept once per variant; each visitor gets one at random
    const variant = randomInt(variantRange);
    const builds = await served.builds();
    if (!builds || !this.liveSections.rendersPages) {
      const page = this.clientRenderedPage(served, builds);
      return served.preview ? privatePage(page, served.banner) : page;
    }
    if (served.preview) return privatePage((await this.render(asked, served, builds, variant)).page, served.banner);
    // a page kept here or not: both variants of an experiment on its section stay ready to render
    if (served.underExperiment)
      void this.liveSections.keepVariantsWarm(served, builds, pageUrl(asked)).catch((error: unknown) => {
        console.warn('Starting the renderers of', asked.path, 'failed:', (error as Error).message);
      });
    const pageKey = `${asked.path}\n${this.liveSections.signatureOf(builds)}`;
    const keyOf = (variants: number) => `${pageKey}\n${variant % variants}`;
    const key = keyOf(this.variantCounts.get(pageKey) ?? 1);
    const kept = this.cache.get(key);
    if (kept) return kept;
    let rendering = this.rendering.get(key);
    if (!rendering) {
      rendering = this.render(asked, served, builds, variant).finally(() => this.rendering.delete(key));
      this.rendering.set(key, rendering);
      void rendering.then(({ page, variants }) => {
        if (variants === null) return;
        this.variantCounts.set(pageKey, variants);
        if (isKept(page)) this.cache.set(keyOf(variants), page);
      });
    }
    return (await rendering).page;
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

  private async render(
    asked: PageAsked,
    served: ServedSections,
    builds: readonly SectionState[],
    variant: number,
  ): Promise<Rendered> {
    let page: RenderedPage;
    try {
      page = await this.liveSections.render(
        builds,
        {
          url: pageUrl(asked),
          siteUrl: asked.origin,
          variant,
        },
        // a visitor never waits for a renderer to start: the browser renders this one
        { fallbackWhileStarting: true },
      );
    } catch (error) {
      // the renderer logged the cause under its section's name; the visitor gets the generic fallback
      if (!(error instanceof RendererNotReady))
        console.warn(
          'Rendering',
          asked.path,
          'on the server failed; the browser renders it:',
          (error as Error).message,
        );
      return { page: this.clientRenderedPage(served, builds), variants: null };
    }
    // a render module built before page variants says nothing: one variant
    const variants = Number.isSafeInteger(page.variants) && page.variants > 0 ? page.variants : 1;
    if (page.location !== undefined)
      return { page: sitePage(page.status, 'text/plain; charset=utf-8', '', { Location: page.location }), variants };
    return { page: sitePage(page.status, 'text/html; charset=utf-8', page.html ?? ''), variants };
  }

  /**
   * Without a server render, the shell's page for the browser to render alone, naming the builds this visitor
   * gets (an experiment's variant, a preview): the browser loads exactly those, as on a server-rendered page (and
   * its proof, like any page's, tags its field measurements with them).
   */
  private clientRenderedPage(served: ServedSections, builds: readonly SectionState[] | null): SitePage {
    let html = readFileSync(this.templatePath, 'utf8');
    // both are null together: while a section has no URL anywhere (LiveSections.forRequest)
    const sections = served.remotes;
    if (sections && builds) {
      const data = pageDataBlock({ sections, clientRender: true, router: null });
      // where the shell's render module puts it (page-document.ts)
      html = html.replace('</body>', () => `${data}</body>`);
    }
    return sitePage(200, 'text/html; charset=utf-8', html, { 'Cache-Control': 'no-store' });
  }
}
