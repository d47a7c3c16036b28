import { useCallback, useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from '@portfolio/router';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { markHydrated } from '@portfolio/contracts/hydration-marker';
import { loadRemoteRoutes } from '../federation/load-remote-routes';
import { resetRemote } from '../federation/remotes-config';
import { RetryRemoteContext } from './retry-remote-context';
import { buildRoutes } from './routes';

type SiteRouter = ReturnType<typeof createBrowserRouter>;

export const createSiteRouter = (): SiteRouter => createBrowserRouter(buildRoutes(loadRemoteRoutes));

/**
 * React Router remembers a route whose `lazy` failed, so Retry makes a fresh router over fresh
 * route objects (same URL, no page reload) after the federation runtime forgets the failed remote.
 */
export function App({ router: firstRouter }: { router: SiteRouter }) {
  const [router, setRouter] = useState(firstRouter);
  const retryRemote = useCallback((remote: RemoteName) => {
    const renew = () =>
      setRouter((previous) => {
        previous.dispose();
        return createSiteRouter();
      });
    resetRemote(remote).then(renew, renew);
  }, []);
  // the first commit is the end of hydration (or of the browser's own render): checks wait for this mark
  useEffect(markHydrated, []);
  return (
    <RetryRemoteContext.Provider value={retryRemote}>
      <RouterProvider router={router} />
    </RetryRemoteContext.Provider>
  );
}
