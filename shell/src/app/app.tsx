import { useCallback, useState } from 'react';
import { createBrowserRouter, RouterProvider } from '@portfolio/router';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { resetRemote } from '../federation/remotes-config';
import { RetryRemoteContext } from './retry-remote-context';
import { buildRoutes } from './routes';

const createSiteRouter = () => createBrowserRouter(buildRoutes());

/**
 * React Router remembers a route whose `lazy` failed, so Retry makes a fresh router over fresh
 * route objects (same URL, no page reload) after the federation runtime forgets the failed remote.
 */
export function App() {
  const [router, setRouter] = useState(createSiteRouter);
  const retryRemote = useCallback((remote: RemoteName) => {
    resetRemote(remote);
    setRouter((previous) => {
      previous.dispose();
      return createSiteRouter();
    });
  }, []);
  return (
    <RetryRemoteContext.Provider value={retryRemote}>
      <RouterProvider router={router} />
    </RetryRemoteContext.Provider>
  );
}
