import { createRequire } from 'node:module';
import { sharedSingletons as singletons } from '@portfolio/parts';

/** The facade's own version: a workspace package has no range in the parts' package.json to infer one from. */
const routerVersion = createRequire(import.meta.url)('@portfolio/router/package.json').version;

/**
 * The modules every part shares as singletons through module federation, from the one list in
 * @portfolio/parts (`sharedSingletons`): the shell and the four remotes can never disagree on it, and a
 * release's check reads the same list.
 */
export const sharedSingletons = Object.fromEntries(
  Object.keys(singletons).map((key) => [
    key,
    key === '@portfolio/router' ? { singleton: true, requiredVersion: routerVersion } : { singleton: true },
  ]),
);
