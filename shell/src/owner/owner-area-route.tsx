import { NavLink, Outlet, redirect, useFetcher } from '@portfolio/router';
import { ownerPaths, type OwnerStatus } from '@portfolio/contracts/owner';
import type { RemoteRouteModule } from '@portfolio/contracts/remote-routes';
import { ownerLogoutPath } from '../app/owner-routes';
import { ownerApi } from './owner-api';
import { jsonSubmit } from './owner-calls';
import styles from './owner.module.css';

/** The pages behind the session: without one, the login page. */
async function loader(): Promise<OwnerStatus> {
  const status = await ownerApi.status();
  if (!status.loggedIn) throw redirect(ownerPaths.login);
  return status;
}

function OwnerArea() {
  const logout = useFetcher();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink;
  return (
    <>
      <nav aria-label="Owner" className={styles.nav}>
        <NavLink to={ownerPaths.inbox} className={linkClass}>
          Inbox
        </NavLink>
        <NavLink to={ownerPaths.sections} className={linkClass}>
          Sections
        </NavLink>
        <NavLink to={ownerPaths.health} className={linkClass}>
          Field health
        </NavLink>
        <button
          type="button"
          className={`btn btn-outline-secondary btn-sm ${styles.logout}`}
          aria-disabled={logout.state !== 'idle' || undefined}
          onClick={() => void logout.submit({}, { ...jsonSubmit, action: ownerLogoutPath })}
        >
          Log out
        </button>
      </nav>
      <Outlet />
    </>
  );
}

export const ownerAreaRoute = { loader, Component: OwnerArea } satisfies RemoteRouteModule;

export const logoutRoute = {
  // a GET of the logout path (a typed address) only leads back to the login page
  loader: () => redirect(ownerPaths.login),
  action: async () => {
    await ownerApi.logout().catch(() => undefined); // an ended session is as good as logged out
    return redirect(ownerPaths.login);
  },
} satisfies RemoteRouteModule;
