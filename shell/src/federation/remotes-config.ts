import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import { parseRemotesConfig } from '@portfolio/contracts/remotes-config';

/** Where the site's remotes live: `/remotes.json`, read at run time so that a deployment can move one. */
const remotesConfigUrl = '/remotes.json';

/** Relative URLs are relative to the site, so `/mf/home/remoteEntry.js` works behind any host. */
function absoluteEntry(url: string): string {
  return new URL(url, document.baseURI).href;
}

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(remotesConfigUrl, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${remotesConfigUrl} answered ${response.status}`);
  return parseRemotesConfig(await response.json());
}

/** A page rendered by the browser alone (`npm run dev`): the sections remotes.json names now. */
export async function registerRemotesFromConfig(): Promise<void> {
  registerSectionEntries(await fetchRemotesConfig());
}

/** A server-rendered page: the exact section builds it was rendered with, so hydration meets the same code. */
export function registerSectionEntries(entries: Partial<RemotesConfig>): void {
  registerRemotes(
    remoteNames.flatMap((name) => {
      const entry = entries[name];
      return entry ? [{ name, entry: absoluteEntry(entry) }] : [];
    }),
  );
}

/**
 * Forget a remote's failed load and take its URL from remotes.json afresh (the Retry button): the
 * build a page named may have been replaced since.
 */
export async function resetRemote(name: RemoteName): Promise<void> {
  const config = await fetchRemotesConfig();
  registerRemotes([{ name, entry: absoluteEntry(config[name]) }], { force: true });
}
