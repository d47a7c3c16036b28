import { remoteNames, type RemotesConfig } from './remote-routes.js';

/** `/remotes.json` checked: one non-empty URL per section of the parts manifest, anything else dropped. */
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
