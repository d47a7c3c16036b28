import { remotes } from '@portfolio/parts';
import type { RemoteName } from '@portfolio/contracts/remote-routes';

/** The section whose routes a path is under, by the parts' mount paths (home owns `/` alone); null: none (a 404). */
export function sectionOfPath(pathname: string): RemoteName | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const remote of remotes) {
    if (remote.path === '/' ? path === '/' : path === remote.path || path.startsWith(`${remote.path}/`))
      return remote.name;
  }
  return null;
}
