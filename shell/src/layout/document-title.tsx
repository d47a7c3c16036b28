import { useEffect } from 'react';
import { useMatches } from '@portfolio/router';
import { documentTitle } from '@portfolio/contracts/site-config';
import type { RouteHandle } from '@portfolio/contracts/remote-routes';

/** The deepest route that names a title sets the document's: "Projects | Jordan Reyes". */
export function pageTitleOf(matches: ReturnType<typeof useMatches>): string | undefined {
  for (const match of [...matches].reverse()) {
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (typeof title === 'string') return title;
    if (typeof title === 'function') {
      const computed = title(match.loaderData);
      if (computed) return computed;
    }
  }
  return undefined;
}

export function DocumentTitle() {
  const matches = useMatches();
  const title = documentTitle(pageTitleOf(matches));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
