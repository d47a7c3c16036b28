import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions as RootOptionsOfReact } from 'react-dom/client';
import { createBrowserRouter } from '@portfolio/router';
import { loadRemoteRoutes } from './federation/load-remote-routes';
import { registerRemotesFromConfig, registerSectionEntries } from './federation/remotes-config';
import { App, createSiteRouter } from './app/app';
import { readPageData } from './app/page-data';
import { resolveLazyMatches } from './app/resolve-lazy-matches';
import { buildRoutes } from './app/routes';
import { measureField } from './field/measure-field';

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  return element;
}

/** What both roots are given: the field measurements' error hook (or nothing, for a visitor not measured). */
type RootOptions = Pick<RootOptionsOfReact, 'onCaughtError'>;

const container = rootElement();
const page = readPageData();

/** A server-rendered page: the same section builds and data as the server's, then hydrate its HTML. */
async function hydratePage(router: unknown, rootOptions: RootOptions): Promise<void> {
  const routes = buildRoutes(loadRemoteRoutes);
  await resolveLazyMatches(routes, window.location.pathname);
  (window as Window & { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = router;
  // hydrated as a transition, React yields to the browser every few milliseconds instead of blocking it
  // for the whole page (the server's HTML is already painted and its links already work)
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={createBrowserRouter(routes)} />
      </StrictMode>,
      rootOptions,
    );
  });
}

/** `npm run dev`, or a page whose section the server could not render: the browser renders it alone. */
function renderPage(rootOptions: RootOptions = {}): void {
  createRoot(container, rootOptions).render(
    <StrictMode>
      <App router={createSiteRouter()} />
    </StrictMode>,
  );
}

if (page) {
  registerSectionEntries(page.sections);
  const rootOptions = measureField(buildRoutes(loadRemoteRoutes)) ?? {};
  if (page.clientRender) renderPage(rootOptions);
  else hydratePage(page.router, rootOptions).catch(() => renderPage(rootOptions));
} else {
  registerRemotesFromConfig()
    .catch((error: unknown) => {
      // Without remotes.json every section is unavailable, but the frame and the error views still work.
      console.error('Could not read /remotes.json', error);
    })
    .finally(renderPage);
}
