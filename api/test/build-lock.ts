import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The repository's commands (`npm run owner:password`, `npm run section:token`) build the API when it is stale:
 * the pglite and postgres projects run their tests at the same time, so one command at a time (a lock folder),
 * lest two builds write the same dist/ together. The lock is this checkout's own: another checkout on the machine
 * builds another dist/ (one shared lock made each wait for the others' runs: minutes on a shared host).
 */
export async function oneBuildingCommandAtATime<T>(work: () => Promise<T>): Promise<T> {
  const checkout = createHash('sha256')
    .update(path.resolve(import.meta.dirname, '..'))
    .digest('hex')
    .slice(0, 12);
  const lock = path.join(tmpdir(), `portfolio-api-commands-${checkout}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // a lock left by a crashed run is taken over after five minutes
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000)
        rmSync(lock, { force: true, recursive: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}
