import { Outlet, ScrollRestoration } from '@portfolio/router';
import { DocumentTitle } from './document-title';
import { SiteFrame } from './site-frame';

/** The root route: the shared frame around whichever section is showing. */
export function SiteLayout() {
  return (
    <SiteFrame>
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
    </SiteFrame>
  );
}
