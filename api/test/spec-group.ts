import { groupOf } from './spec-files.mjs';
import { testStorage } from './test-storage.js';

/**
 * A whole run of the pglite or postgres project loads its spec files in a few groups, one jest test file each
 * (test/groups/), rather than one file at a time: jest evaluates the app's modules (Nest and its dependencies, the
 * API's source) anew for every test file, about 1 to 1.5 CPU-s each time, and a group shares one evaluation among
 * its specs. Each spec keeps its own app, storage and describe blocks, and a test's name is its spec's. A run that
 * names files runs those files alone (test/spec-sequencer.mjs chooses).
 */
export async function runGroup(index: number): Promise<void> {
  for (const file of groupOf(testStorage, index)) await import(file);
}
