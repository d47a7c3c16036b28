import { redirect, type RouteObject } from '@portfolio/router';
import { ownerBasePath, ownerPaths } from '@portfolio/contracts/owner-paths';
import type { OwnerRouteName } from '../owner/owner-routes';

/** The owner's pages come in one chunk of their own, fetched only when an owner path is opened. */
const ownerRoute = (name: OwnerRouteName) => async () =>
  (await import(/* webpackChunkName: "owner" */ '../owner/owner-routes')).ownerRoutes[name];

/** Where the owner nav's "Log out" posts: a route with an action only. */
export const ownerLogoutPath = `${ownerBasePath}/logout`;

const segment = (path: string) => path.slice(`${ownerBasePath}/`.length);

/**
 * The owner's area behind the footer's "login" link: login, then the inbox and the sections behind the
 * session. Only paths and `lazy` here, so a visitor's page carries nothing of it but these lines.
 */
export function ownerRoutesUnder(): RouteObject {
  return {
    id: 'owner',
    path: ownerBasePath.slice(1),
    children: [
      { id: 'owner-home', index: true, loader: () => redirect(ownerPaths.inbox) },
      { id: 'owner-login', path: segment(ownerPaths.login), lazy: ownerRoute('login') },
      { id: 'owner-logout', path: segment(ownerLogoutPath), lazy: ownerRoute('logout') },
      {
        id: 'owner-area',
        lazy: ownerRoute('area'),
        children: [
          { id: 'owner-inbox', path: segment(ownerPaths.inbox), lazy: ownerRoute('inbox') },
          { id: 'owner-sections', path: segment(ownerPaths.sections), lazy: ownerRoute('sections') },
          { id: 'owner-health', path: segment(ownerPaths.health), lazy: ownerRoute('health') },
          { id: 'owner-experiment', path: `${segment(ownerPaths.experiments)}/:id`, lazy: ownerRoute('experiment') },
        ],
      },
    ],
  };
}
