import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The repository's commands (`npm run owner:password`, `npm run section:token`) build the API when it is stale:
 * the pglite and postgres projects run their tests at the same time, so one command at a time (a lock folder),
 * lest two builds write the same dist/ together.
 */
export async function oneBuildingCommandAtATime<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), 'portfolio-owner-password-test.lock');
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
