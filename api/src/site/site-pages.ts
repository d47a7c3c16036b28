import { createHash, randomInt } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { shell } from '@portfolio/parts';
import type { RenderedPage } from '@portfolio/contracts/page-render';
import { ownerBasePath } from '@portfolio/contracts/owner';
import type { RemotesConfig } from '@portfolio/contracts/remote-routes';
import { PageCache } from './page-cache.js';
import { remotesConfigReader } from './remotes-config-file.js';
import { RenderWorkers } from './render-workers.js';
import { SectionBuilds } from './section-builds.js';
import type { SectionOriginsForServer } from './section-url.js';

/** A response ready to send: the body as sent, and gzipped for clients that take it. */
export interface SitePage {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  gzipped: Buffer | null;
  etag: string;
}

export interface SitePageRequest {
  /** path and query, as asked for */
  path: string;
  /** the origin the visitor's browser is on */
  origin: string;
  /** where this server answers itself: sections on the site's own origin are fetched from here */
  selfOrigin: string;
  /** another remotes.json for this request alone (the owner's preview): rendered afresh, never kept */
  remotes?: RemotesConfig;
  /** HTML shown above the page, outside React's #root (the owner's preview banner) */
  banner?: string;
}

export interface SitePagesOptions {
  siteDir: string;
  /** SITE_URL: the public origin for canonical URLs, Open Graph and the sitemap; else each request's */
  siteUrl: string | null;
  /** how often a section's URL is looked at for a new build */
  sectionRefreshMs: number;
  /** browser origins of sections the server reaches at other origins (SECTION_ORIGINS_FOR_SERVER) */
  sectionOriginsForServer?: SectionOriginsForServer;
  /** the worker's script (tests give their own) */
  workerScript?: URL;
  /** where each section is live (the owner's area: remotes.json or the database); else remotes.json */
  liveRemotes?: () => Promise<RemotesConfig | null>;
}

/** A CDN may keep a page briefly and serve it while it fetches a fresh one; browsers always ask again. */
const cacheControlFor = (status: number) =>
  status >= 500 ? 'no-store' : 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

function sitePage(status: number, contentType: string, text: string, extra: Record<string, string> = {}): SitePage {
  const body = Buffer.from(text);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    status,
    headers: { 'Content-Type': contentType, 'Cache-Control': cacheControlFor(status), ETag: etag, ...extra },
    body,
    gzipped: body.length > 1024 ? gzipSync(body) : null,
    etag,
  };
}

/** What React hydrates; the preview banner goes before it, so hydration never sees it. */
const reactRoot = '<div id="root"';

/** A page for one browser only (the owner's preview): never kept by anyone, with the banner above it. */
function privatePage(page: SitePage, banner: string | undefined): SitePage {
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

/** A page as rendered, with how many variants it has (page-variants.ts). */
interface Rendered {
  page: SitePage;
  variants: number;
}

/** The variants asked of the render module: any whole number below this; each page takes it modulo its count. */
const variantRange = 2 ** 31;

/** Pages that failed or fell back to the browser are rendered again next time. */
const isKept = (page: SitePage) => page.headers['Cache-Control'] !== 'no-store';

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The site's pages, rendered on the server from each section's current build and kept per URL and
 * set of builds. It watches remotes.json and the sections' server manifests, so a moved or redeployed
 * section shows within `sectionRefreshMs` or so, without a restart.
 */
export class SitePages {
  private readonly shellDist: string;
  private readonly liveRemotes: () => Promise<RemotesConfig | null>;
  private readonly builds: SectionBuilds;
  private readonly workers: RenderWorkers;
  private readonly cache = new PageCache<SitePage>(500);
  private readonly rendering = new Map<string, Promise<Rendered>>();
  /** how many variants each page has (page-variants.ts), learnt from its first render */
  private readonly variantCounts = new PageCache<number>(500);
  private shellVersion = { checkedAt: 0, value: '' };

  constructor(private readonly options: SitePagesOptions) {
    this.shellDist = path.join(options.siteDir, shell.folder, 'dist');
    const readRemotesJson = remotesConfigReader(path.join(this.shellDist, 'remotes.json'));
    this.liveRemotes = options.liveRemotes ?? (() => Promise.resolve(readRemotesJson()));
    this.builds = new SectionBuilds({
      refreshMs: options.sectionRefreshMs,
      originsForServer: options.sectionOriginsForServer,
    });
    this.workers = new RenderWorkers({
      script: options.workerScript ?? new URL('./render-worker.js', import.meta.url),
      renderModule: this.renderModule,
      readTemplate: () => readFileSync(this.templatePath, 'utf8'),
      shellVersion: () => this.currentShellVersion(),
      maxWorkers: 2,
      retryUnavailableMs: 10_000,
      startTimeoutMs: 30_000,
      renderTimeoutMs: 10_000,
    });
  }

  private get renderModule() {
    return path.join(this.shellDist, 'server', 'render.js');
  }

  private get templatePath() {
    return path.join(this.shellDist, 'index.html');
  }

  async page(request: SitePageRequest): Promise<SitePage> {
    // a page with variants (home's random doors) is kept once per variant; each visitor gets one at random
    const variant = randomInt(variantRange);
    if (request.remotes) {
      const page = existsSync(this.renderModule)
        ? (await this.render(request, await this.builds.current(request.remotes, request.selfOrigin), variant)).page
        : this.clientRenderedPage();
      return privatePage(page, request.banner);
    }
    const config = await this.liveRemotes();
    if (!config || !existsSync(this.renderModule)) return this.clientRenderedPage();
    const sections = await this.builds.current(config, request.selfOrigin);
    const pageKey = `${request.origin}${request.path}\n${this.workers.signatureOf(sections)}`;
    const keyOf = (variants: number) => `${pageKey}\n${variant % variants}`;
    const key = keyOf(this.variantCounts.get(pageKey) ?? 1);
    const kept = this.cache.get(key);
    if (kept) return kept;
    let rendering = this.rendering.get(key);
    if (!rendering) {
      rendering = this.render(request, sections, variant).finally(() => this.rendering.delete(key));
      this.rendering.set(key, rendering);
      void rendering.then(({ page, variants }) => {
        this.variantCounts.set(pageKey, variants);
        if (isKept(page)) this.cache.set(keyOf(variants), page);
      });
    }
    return (await rendering).page;
  }

  async sitemap(request: SitePageRequest): Promise<SitePage> {
    const siteUrl = this.options.siteUrl ?? request.origin;
    const config = await this.liveRemotes();
    let paths = ['/'];
    if (config && existsSync(this.renderModule)) {
      const worker = this.workers.workerFor(await this.builds.current(config, request.selfOrigin));
      await worker.ready;
      // the owner's pages are nobody's search result
      paths = (await worker.sitemapPaths()).filter((pagePath) => !isOwnerPath(pagePath));
    }
    const urls = paths.map((pagePath) => `<url><loc>${xmlText(new URL(pagePath, siteUrl).href)}</loc></url>`);
    return sitePage(
      200,
      'application/xml; charset=utf-8',
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
    );
  }

  robots(request: SitePageRequest): SitePage {
    const siteUrl = this.options.siteUrl ?? request.origin;
    return sitePage(
      200,
      'text/plain; charset=utf-8',
      `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${ownerBasePath}\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`,
    );
  }

  async close(): Promise<void> {
    await this.workers.close();
  }

  private async render(
    request: SitePageRequest,
    sections: Awaited<ReturnType<SectionBuilds['current']>>,
    variant: number,
  ): Promise<Rendered> {
    let page: RenderedPage;
    try {
      const worker = this.workers.workerFor(sections);
      await worker.ready;
      page = await worker.render({
        url: new URL(request.path, request.origin).href,
        siteUrl: this.options.siteUrl ?? request.origin,
        variant,
      });
    } catch (error) {
      console.error('Rendering', request.path, 'failed; the browser renders it', error);
      return { page: this.clientRenderedPage(), variants: 1 };
    }
    // a render module built before page variants says nothing: one variant
    const variants = Number.isSafeInteger(page.variants) && page.variants > 0 ? page.variants : 1;
    if (page.location !== undefined)
      return { page: sitePage(page.status, 'text/plain; charset=utf-8', '', { Location: page.location }), variants };
    return { page: sitePage(page.status, 'text/html; charset=utf-8', page.html ?? ''), variants };
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

  /** Without a server render, the shell's page as the browser renders it alone. */
  private clientRenderedPage(): SitePage {
    return sitePage(200, 'text/html; charset=utf-8', readFileSync(this.templatePath, 'utf8'), {
      'Cache-Control': 'no-store',
    });
  }

  /** The shell's build: its render module and page template, looked at no more than once a second. */
  private currentShellVersion(): string {
    const now = Date.now();
    if (now - this.shellVersion.checkedAt > 1000) {
      const stamp = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);
      this.shellVersion = { checkedAt: now, value: `shell@${stamp(this.renderModule)}:${stamp(this.templatePath)}` };
    }
    return this.shellVersion.value;
  }
}
