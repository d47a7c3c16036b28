import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';

/** Where the site's remotes live: `/remotes.json`, read at run time so that a deployment can move one. */
export const remotesConfigUrl = '/remotes.json';

let config: RemotesConfig | undefined;

export function parseRemotesConfig(value: unknown): RemotesConfig {
  if (typeof value !== 'object' || value === null) throw new Error('remotes.json must hold an object');
  const entries = value as Record<string, unknown>;
  for (const name of remoteNames) {
    if (typeof entries[name] !== 'string' || entries[name] === '') {
      throw new Error(`remotes.json has no URL for "${name}"`);
    }
  }
  return Object.fromEntries(remoteNames.map((name) => [name, entries[name]])) as RemotesConfig;
}

/** Relative URLs are relative to the site, so `/mf/home/remoteEntry.js` works behind any host. */
function absoluteEntry(url: string): string {
  return new URL(url, document.baseURI).href;
}

export async function registerRemotesFromConfig(): Promise<void> {
  const response = await fetch(remotesConfigUrl, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${remotesConfigUrl} answered ${response.status}`);
  const parsed = parseRemotesConfig(await response.json());
  config = parsed;
  registerRemotes(remoteNames.map((name) => ({ name, entry: absoluteEntry(parsed[name]) })));
}

/** Forget a remote's failed load, so the next request for it starts afresh (the Retry button). */
export function resetRemote(name: RemoteName): void {
  if (!config) return;
  registerRemotes([{ name, entry: absoluteEntry(config[name]) }], { force: true });
}
