import type { NonIndexRouteObject } from 'react-router';
import { remoteNames, type remotes } from '@portfolio/parts';
import type { StructuredData, StructuredDataPage } from './structured-data.js';

type Remote = (typeof remotes)[number];

/**
 * The federation contract. Each remote exposes one module, `./routes`, whose default export
 * maps the route ids it serves to route modules. The shell owns the paths (the route table),
 * a remote owns what renders and loads at them: React Router's `route.lazy` may not change
 * a route's `path` or `children`, so those stay in the shell.
 */
export type RemoteRouteModule = Pick<
  NonIndexRouteObject,
  'Component' | 'loader' | 'action' | 'ErrorBoundary' | 'handle' | 'shouldRevalidate'
>;

/**
 * A route module, or a function that imports it: a remote splits a heavy page (markdown,
 * highlighting) into its own chunk so its other routes do not download it.
 */
export type RemoteRouteEntry = RemoteRouteModule | (() => Promise<RemoteRouteModule>);

/** Which route ids each remote serves, as the parts manifest lists them. */
export type RemoteRouteIds = { [R in Remote as R['name']]: R['routeIds'][number] };

export type RemoteName = keyof RemoteRouteIds;

export { remoteNames };

/** How the owner's page and the preview banner name a section: "About section". */
export const sectionLabel = (name: RemoteName): string => `${name.charAt(0).toUpperCase()}${name.slice(1)} section`;

export type RemoteRoutes<R extends RemoteName> = Readonly<Record<RemoteRouteIds[R], RemoteRouteEntry>>;

/** The shape of `./routes` as the shell loads it. */
export interface RemoteRoutesModule<R extends RemoteName> {
  default: RemoteRoutes<R>;
}

/** A value of a page's head: fixed, or computed from the loader's data. */
export type FromLoaderData<T> = T | ((loaderData: unknown) => T | undefined);

/**
 * A route's `handle`: what the page's head says about it. The deepest route that names a value wins;
 * the shell falls back to the site's own (site.json) for the rest.
 */
export interface RouteHandle {
  /** the page title: "<title> | <owner name>" */
  title?: FromLoaderData<string>;
  /** a sentence or two for search results and link previews */
  description?: FromLoaderData<string>;
  /** the picture of a link preview: a URL of a 1200x630 PNG (`?social-card`, `?preview-card`) */
  image?: FromLoaderData<string>;
  /** what the link preview's picture shows, in words (og:image:alt) */
  imageAlt?: FromLoaderData<string>;
  /** the same content in another format, named in the head (`<link rel="alternate">`): /resume's resume.json */
  alternate?: { type: string; href: string; title: string };
  /** Open Graph type of the page */
  pageType?: 'website' | 'article' | 'profile';
  /** a path with parameters (`project/:projectId`): every parameter set the sitemap lists */
  sitemapParams?: () => ReadonlyArray<Readonly<Record<string, string>>>;
  /**
   * The query parameters this route reads (a filter its loader renders, `['tag']`): a page is rendered, kept and
   * named in its canonical link with these alone. Any other parameter of a link (utm_*, fbclid, ...) is dropped
   * before the page is rendered (page-query.ts), so a route that reads one without naming it here never sees it
   * on the server.
   */
  searchParams?: readonly string[];
  /** the page's structured data (schema.org JSON-LD), from the loader's data and the page's URL */
  structuredData?: (loaderData: unknown, page: StructuredDataPage) => StructuredData | undefined;
}

/** `/remotes.json`: where each remote's mf-manifest.json or remoteEntry.js is served. */
export type RemotesConfig = Record<RemoteName, string>;
