import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import { RemoteUnavailableError } from '../remote-unavailable-error';

const isRemoteName = (name: string | undefined): name is RemoteName => remoteNames.includes(name as RemoteName);

/**
 * Turns whatever the runtime met (manifest 404, entry that will not load, chunk error) into one
 * RemoteUnavailableError naming the section, which the route error view offers to retry.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portfolio-remote-error-plugin',
    errorLoadRemote({ id, error, remote }) {
      const name = remote?.name ?? id.split('/')[0];
      console.error(`[federation] ${id} failed to load`, error);
      if (isRemoteName(name)) return Promise.reject(new RemoteUnavailableError(name, { cause: error }));
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    },
  };
}
