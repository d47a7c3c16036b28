import site from '@portfolio/content/site.json' with { type: 'json' };

/** One site configuration: it feeds the shell's frame and titles and the API's emails. */
export interface SiteConfig {
  ownerName: string;
  siteUrl: string;
  /** what search results and link previews say about a page that says nothing of its own */
  description: string;
  contactTo: string;
  profiles: ReadonlyArray<{ kind: 'code' | 'network'; label: string; url: string }>;
  loginUrl: string;
  titles: Readonly<Record<'home' | 'about' | 'projects' | 'project' | 'resume' | 'error' | 'notFound', string>>;
}

export const siteConfig: SiteConfig = site as SiteConfig;

/** "About Me | Jordan Reyes": every page's document title has this shape. */
export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} | ${siteConfig.ownerName}` : siteConfig.ownerName;
}

/** What a failed page is called (its title and its link preview's): a mistyped link is not the site's fault. */
export const errorTitle = (status: number | undefined): string =>
  status === 404 ? siteConfig.titles.notFound : siteConfig.titles.error;
