import type { RemoteName } from './remote-routes.js';

/**
 * What the API and the shell's render module (shell/dist/server/render.js, run in a renderer: a sandboxed child
 * process, api/src/live-sections/renderers/) agree on. The API names the build of each section that serves the
 * page (live, an experiment's variant or a preview); the render module renders pages with those builds and
 * nothing else.
 */

/** A section at one build: the one that serves the page. */
export interface SectionBuild {
  name: RemoteName;
  /** changes with every build whose output changes */
  version: string;
  /** the exact browser entry of this build (a hashed file), as given or resolved against remotes.json's URL */
  browserEntry: string;
  /** where the server loads this build's server entry from (an absolute URL) */
  serverEntry: string;
  /** the section's stylesheets (URLs like browserEntry) */
  styles: readonly string[];
}

/** A section whose build could not be found: its routes show the "unavailable" view. */
interface MissingSection {
  name: RemoteName;
  /** its URL in remotes.json: the browser may still load it */
  url: string;
  error: string;
}

export type SectionState = SectionBuild | MissingSection;

export const isSectionBuild = (section: SectionState): section is SectionBuild => 'version' in section;

export interface PageRequest {
  /** the page's absolute URL as the visitor asked for it (its origin is the one the browser sees); parameters no route reads are ignored */
  url: string;
  /** the public origin for canonical and Open Graph URLs (SITE_URL, else the request's origin) */
  siteUrl: string;
  /** which pick of the page to render (page-picks.ts); any whole number, 0 when absent */
  pick?: number;
}

export interface RenderedPage {
  status: number;
  /** a redirect's target */
  location?: string;
  html?: string;
  /** how many picks the page has (page-picks.ts): 1 when it is the same for every visitor */
  picks: number;
  /**
   * The query parameters the routes of the page's path read (RouteHandle.searchParams): the page was rendered
   * with these alone, and is the page of every URL of its path with the same values of them (page-query.ts)
   */
  searchParams: readonly string[];
}

export interface PageRendererOptions {
  /** the shell's built index.html */
  template: string;
  sections: readonly SectionState[];
}

export interface PageRenderer {
  /** settles once every section's server build is loaded or has failed; names the ones that failed */
  ready: Promise<{ unavailable: RemoteName[] }>;
  render(request: PageRequest): Promise<RenderedPage>;
  /** every public page's path */
  sitemapPaths(): Promise<string[]>;
  /** each section build's `./routes` as loaded here: the route ids its default export maps, or why it failed */
  sectionRouteIds(): Promise<SectionRouteIds>;
}

/** What a render module found in each section build it was given (the owner's health check). */
export type SectionRouteIds = Partial<Record<RemoteName, { routeIds: string[] } | { error: string }>>;

/** The render module's one export. */
export type CreatePageRenderer = (options: PageRendererOptions) => PageRenderer;
