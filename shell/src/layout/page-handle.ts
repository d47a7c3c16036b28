import type { RouteHandle } from '@portfolio/contracts/remote-routes';
import { siteConfig } from '@portfolio/contracts/site-config';

/** The shell's titles for the sections' pages (site.json); what a section's own handle says wins. */
const shellHandles: Readonly<Record<string, RouteHandle>> = {
  home: { title: siteConfig.titles.home, pageType: 'website' },
  about: { title: siteConfig.titles.about, pageType: 'profile' },
  projects: { title: siteConfig.titles.projects, pageType: 'website' },
  project: { title: siteConfig.titles.project, pageType: 'article' },
  resume: { title: siteConfig.titles.resume, pageType: 'profile' },
};

/** A matched route as both React Router's `useMatches()` and the static handler's context describe it. */
export interface HandleMatch {
  id: string;
  handle: unknown;
  loaderData: unknown;
}

type TextKey = 'title' | 'description' | 'image' | 'imageAlt';

export function valueOf(handle: RouteHandle | undefined, key: TextKey, loaderData: unknown): string | undefined {
  const value = handle?.[key];
  return typeof value === 'function' ? value(loaderData) || undefined : value;
}

/** The deepest matched route that names a value gives it: "Projects", then a project's own title below it. */
export function pageHandleValue(matches: readonly HandleMatch[], key: TextKey): string | undefined {
  for (const match of [...matches].reverse()) {
    const value =
      valueOf(match.handle as RouteHandle | undefined, key, match.loaderData) ??
      valueOf(shellHandles[match.id], key, match.loaderData);
    if (value) return value;
  }
  return undefined;
}

export function pageTypeOf(matches: readonly HandleMatch[]): NonNullable<RouteHandle['pageType']> {
  for (const match of [...matches].reverse()) {
    const pageType = (match.handle as RouteHandle | undefined)?.pageType ?? shellHandles[match.id]?.pageType;
    if (pageType) return pageType;
  }
  return 'website';
}
