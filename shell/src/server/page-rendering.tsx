import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from '@portfolio/router/server';
import { sectionOfRoute } from '@portfolio/parts';
import {
  isSectionBuild,
  type PageRenderer,
  type PageRendererOptions,
  type PageRequest,
  type RenderedPage,
  type SectionRouteIds,
} from '@portfolio/contracts/page-render';
import { pagePickHeader, pagePicksHeader } from '@portfolio/contracts/page-picks';
import { pageQuery } from '@portfolio/contracts/page-query';
import { buildRoutes } from '../app/routes';
import type { SectionRoutesLoader } from '../federation/load-remote-routes';
import { RemoteUnavailableError } from '../federation/remote-unavailable-error';
import { hydrationData } from './hydration-data';
import { pageHead } from './page-head';
import { checkTemplate, pageDocument } from './page-document';
import { searchParamsReader } from './route-handles';
import { sectionUrls } from './section-urls';
import { sitemapPaths } from './sitemap-paths';

/** The sentence that says why a section did not load: the cause a RemoteUnavailableError wraps. */
const causeOf = (error: unknown): string => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
};

/** How many picks the page's loaders say it has (page-picks.ts): their product, 1 for none. */
const picksOf = (context: StaticHandlerContext): number =>
  Object.values(context.loaderHeaders).reduce((count, headers) => {
    const picks = Number(headers.get(pagePicksHeader) ?? 1);
    return Number.isSafeInteger(picks) && picks > 0 ? count * picks : count;
  }, 1);

const isUnavailable = (context: StaticHandlerContext) =>
  Object.values(context.errors ?? {}).some((error) => error instanceof RemoteUnavailableError);

interface PageRenderingOptions extends PageRendererOptions {
  /** where a section's `./routes` comes from: the federation in the renderer process, route modules in tests */
  loadSection: SectionRoutesLoader;
}

/**
 * Renders the site's pages with one set of section builds (a renderer process of the API holds one: a section's
 * new build is rendered by a new renderer, docs/server-rendering.md). React Router's static handler runs the routes' loaders and
 * the sections' code on the server; the page carries what the browser needs to hydrate the same tree.
 */
export function renderPages({ template, sections, loadSection: load }: PageRenderingOptions): PageRenderer {
  checkTemplate(template);
  const builds = sections.filter(isSectionBuild);
  const missing = new Set(sections.filter((section) => !isSectionBuild(section)).map((section) => section.name));
  const loadSection: SectionRoutesLoader = (remote) =>
    missing.has(remote) ? Promise.reject(new RemoteUnavailableError(remote)) : load(remote);
  const routes = buildRoutes(loadSection);
  // the handler keeps what each route's lazy() returned: one handler for this renderer's builds
  const handler = createStaticHandler(routes);
  const searchParamsOf = searchParamsReader(routes);

  const ready = Promise.all(
    builds.map((build) =>
      loadSection(build.name).then(
        () => null,
        () => build.name,
      ),
    ),
  ).then((failed) => ({ unavailable: [...missing, ...failed.filter((name) => name !== null)] }));

  const renderApp = (context: StaticHandlerContext) =>
    renderToString(
      <StrictMode>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </StrictMode>,
    );

  async function render({ url, siteUrl, pick = 0 }: PageRequest): Promise<RenderedPage> {
    const asked = new URL(url);
    // the page of its path and the parameters its routes read: a link's tracking parameters are not part of it
    const searchParams = await searchParamsOf(asked.pathname);
    // joined as text: a path starting with // stays a path
    const requestUrl = new URL(`${asked.origin}${asked.pathname}${pageQuery(asked.search, searchParams)}`);
    const context = await handler.query(new Request(requestUrl, { headers: { [pagePickHeader]: String(pick) } }));
    if (context instanceof Response) {
      return { status: context.status, location: context.headers.get('Location') ?? '/', picks: 1, searchParams };
    }
    const urls = sectionUrls(sections);
    let status = isUnavailable(context) ? 503 : context.statusCode;
    let pageContext = context;
    let body: string;
    try {
      body = renderApp(pageContext);
    } catch (error) {
      // a section that throws while rendering here shows the error view; the browser then tries on its own
      status = 500;
      pageContext = { ...context, statusCode: status, errors: { sections: error } };
      body = renderApp(pageContext);
    }
    const sectionName = [...context.matches]
      .reverse()
      .map((match) => sectionOfRoute(match.route.id))
      .find(Boolean);
    const section = builds.find((build) => build.name === sectionName);
    const clientRender = status >= 500;
    const html = pageDocument(template, {
      head: pageHead({
        matches: context.matches.map((match) => ({
          id: match.route.id,
          handle: match.route.handle as unknown,
          loaderData: context.loaderData[match.route.id] as unknown,
        })),
        status,
        failed: Boolean(pageContext.errors),
        pathname: requestUrl.pathname,
        search: requestUrl.search,
        siteUrl,
        absoluteUrl: (value) => urls.absolute(value, siteUrl),
      }),
      // the entry only: a chunk whose preload failed would fail again on Retry (the browser keeps the failure)
      preloads: section && !clientRender ? [urls.entryOf(section)] : [],
      stylesheets: section ? urls.stylesheetsOf(section) : [],
      body,
      data: { sections: urls.entries, clientRender, router: hydrationData(pageContext) },
    });
    return { status, html: urls.withPublicPaths(html), picks: picksOf(context), searchParams };
  }

  /** The route ids each build's `./routes` maps, loaded as pages load it: the owner's health check. */
  async function sectionRouteIds(): Promise<SectionRouteIds> {
    const found: SectionRouteIds = {};
    await Promise.all(
      builds.map((build) =>
        loadSection(build.name).then(
          (sectionRoutes) => (found[build.name] = { routeIds: Object.keys(sectionRoutes) }),
          (error: unknown) => (found[build.name] = { error: causeOf(error) }),
        ),
      ),
    );
    return found;
  }

  return { ready, render, sitemapPaths: () => sitemapPaths(routes), sectionRouteIds };
}
