import { readFileSync, statSync } from 'node:fs';
import type { RemotesConfig } from '@portfolio/contracts/remote-routes';
import { parseRemotesConfig } from '@portfolio/contracts/remotes-config';

/**
 * The served remotes.json, read again whenever it changes: a deployment moves a section by editing it,
 * and the server renders from the new URL without a restart. Unreadable, it is null (no section).
 */
export function remotesConfigReader(filePath: string): () => RemotesConfig | null {
  let readMtime = -1;
  let config: RemotesConfig | null = null;
  return () => {
    try {
      const { mtimeMs } = statSync(filePath);
      if (mtimeMs !== readMtime) {
        readMtime = mtimeMs;
        config = parseRemotesConfig(JSON.parse(readFileSync(filePath, 'utf8')));
      }
    } catch {
      readMtime = -1;
      config = null;
    }
    return config;
  };
}
