import { readFileSync, statSync } from 'node:fs';

/**
 * The origins of the absolute URLs in the served remotes.json: a deployment may move a remote to
 * another server by editing that file, and the CSP must follow without a restart (re-read on change).
 */
export function remoteOriginsReader(remotesJsonPath: string | null): () => string[] {
  let cachedMtime = -1;
  let cached: string[] = [];
  return () => {
    if (!remotesJsonPath) return [];
    try {
      const { mtimeMs } = statSync(remotesJsonPath);
      if (mtimeMs !== cachedMtime) {
        cached = originsIn(JSON.parse(readFileSync(remotesJsonPath, 'utf8')));
        cachedMtime = mtimeMs;
      }
    } catch {
      cached = [];
      cachedMtime = -1;
    }
    return cached;
  };
}

export function originsIn(remotes: unknown): string[] {
  if (typeof remotes !== 'object' || remotes === null) return [];
  const origins = new Set<string>();
  for (const value of Object.values(remotes)) {
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) continue;
    try {
      origins.add(new URL(value).origin);
    } catch {
      // not a URL: the shell will report that remote as unavailable
    }
  }
  return [...origins];
}
