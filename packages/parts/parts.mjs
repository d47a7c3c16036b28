// @ts-check
/**
 * The parts of the site, written once. The webpack factory, the build and dev scripts, the shell's
 * route table and header, the API, the tests and the compose file all follow this list; plain
 * JavaScript with JSDoc types, so Node scripts read it without a build and TypeScript keeps the
 * literal names and route ids. Adding a section starts here: the type checker and parts.test.mjs
 * then name every place that must follow.
 */

/**
 * The four sections, each a federated remote exposing `./routes`.
 * - folder: its workspace; devPort: its standalone dev server (and its container's port in compose)
 * - path: where its first route is mounted; nav: its header link (home has the owner's name instead)
 * - routeIds: the route modules its `./routes` must answer; label: how a message names it
 */
export const remotes = /** @type {const} */ ([
  { name: 'home', folder: 'mf-home', devPort: 3001, path: '/', nav: null, routeIds: ['home'], label: 'home page' },
  {
    name: 'about',
    folder: 'mf-about',
    devPort: 3002,
    path: '/about',
    nav: 'About',
    routeIds: ['about'],
    label: 'About section',
  },
  {
    name: 'projects',
    folder: 'mf-projects',
    devPort: 3003,
    path: '/projects',
    nav: 'Projects',
    routeIds: ['projects', 'project'],
    label: 'Projects section',
  },
  {
    name: 'resume',
    folder: 'mf-resume',
    devPort: 3004,
    path: '/resume',
    nav: 'Resume',
    routeIds: ['resume'],
    label: 'Resume section',
  },
]);

/** @typedef {(typeof remotes)[number]} Remote */
/** @typedef {Remote['name']} RemoteName */

/** The host: header, footer, route table, remote loading. */
export const shell = /** @type {const} */ ({ name: 'shell', folder: 'shell', devPort: 8080 });

/**
 * The NestJS service; in `npm start` it also serves the built site. `nodeFlags`: how Node runs it, the one list
 * (`npm start`, the compose file, the browser tests' and the deployment test's servers, the benchmarks). No
 * inspector on SIGUSR1: without `--disable-sigusr1`, any process that may signal the server opens its inspector
 * on 127.0.0.1:9229, and whatever connects runs code in it (docs/server-rendering.md, "Threat model"). And so that
 * it fits a 512 MB host (docs/performance.md, "Server memory"): WebAssembly (the embedded database) compiled by the
 * baseline compiler only, as the optimising one spends hundreds of MB and seconds of CPU on PostgreSQL's large
 * functions; a young generation of 4 MB per semi-space instead of up to 64; and a ceiling on the old generation,
 * three times what the server keeps alive.
 */
export const api = /** @type {const} */ ({
  name: 'api',
  folder: 'api',
  devPort: 3000,
  nodeFlags: ['--disable-sigusr1', '--liftoff-only', '--max-semi-space-size=4', '--max-old-space-size=128'],
});

/**
 * What every part shares as one copy through module federation: each share key, with the package whose version
 * it carries. Two Reacts break hooks; two routers, the routes; two react-bootstraps, its theme and contexts. A key
 * ending in "/" shares each module under it: react-bootstrap per component (every part imports
 * `react-bootstrap/Button`, never the package root, so a page loads only what it uses). React Router is shared as
 * the facade @portfolio/router, the one module the parts import it from. The one list: the webpack config shares
 * these, the render module's federation provides those the server uses, and a release's check compares the build's
 * ranges for them with the site's versions.
 */
export const sharedSingletons = /** @type {const} */ ({
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  '@portfolio/router': '@portfolio/router',
  'react-bootstrap/': 'react-bootstrap',
});

/** @typedef {keyof typeof sharedSingletons} SharedSingleton */

/**
 * The share key of `name` as a build's federation names it (`react-bootstrap/Carousel`), or null if not one.
 * @param {string} name
 * @returns {SharedSingleton | null}
 */
export function sharedSingletonOf(name) {
  if (Object.hasOwn(sharedSingletons, name)) return /** @type {SharedSingleton} */ (name);
  const prefix = Object.keys(sharedSingletons).find((key) => key.endsWith('/') && name.startsWith(key));
  return /** @type {SharedSingleton | undefined} */ (prefix) ?? null;
}

/** Workspaces every part's build imports from their build output: built first. */
export const libraries = /** @type {const} */ (['packages/contracts']);

/** @type {ReadonlyArray<RemoteName>} */
export const remoteNames = remotes.map((remote) => remote.name);

/** The front ends webpack builds: the shell, then the remotes. */
export const frontEndFolders = [shell.folder, ...remotes.map((remote) => remote.folder)];

/** Every part's dev server port, by name (`npm run dev`; the shell's dev server proxies to the others). */
export const devPorts = /** @type {Record<RemoteName | 'shell' | 'api', number>} */ (
  Object.fromEntries([shell, api, ...remotes].map((part) => [part.name, part.devPort]))
);

/** @param {RemoteName} name */
export const remoteByName = (name) => /** @type {Remote} */ (remotes.find((remote) => remote.name === name));

/**
 * The section whose routes a page's path is under, by the mount paths above (home owns `/` alone; a trailing slash
 * is the same page); null: none (the shell's own page, a 404). The one answer to "which section is this path": the
 * API's choice of renderer, a release's pages to check, the pages a renderer keeps ready.
 * @param {string} pathname
 * @returns {RemoteName | null}
 */
export function sectionOfPath(pathname) {
  const path = pathname.replace(/\/+$/, '') || '/';
  const found = remotes.find((remote) =>
    remote.path === '/' ? path === '/' : path === remote.path || path.startsWith(`${remote.path}/`),
  );
  return found?.name ?? null;
}

/**
 * The section that serves a route id of the shell's route table (`project` is projects'); null: a route of the
 * shell's own ("not-found", the owner's area). The same question for a matched route: field measurements and the
 * page a server render preloads a section for.
 * @param {string} routeId
 * @returns {RemoteName | null}
 */
export function sectionOfRoute(routeId) {
  return remotes.find((remote) => /** @type {readonly string[]} */ (remote.routeIds).includes(routeId))?.name ?? null;
}

/**
 * Where `npm start` serves a remote's dist/ on the site's own origin.
 * @param {RemoteName} name
 */
export const remoteBasePath = (name) => `/mf/${name}/`;

/**
 * The remotes.json the shell's build ships: every section on the site's own origin.
 * @returns {Record<RemoteName, string>}
 */
export function defaultRemotesConfig() {
  return /** @type {Record<RemoteName, string>} */ (
    Object.fromEntries(remoteNames.map((name) => [name, `${remoteBasePath(name)}remoteEntry.js`]))
  );
}

/**
 * A section's dist/ holds its browser build and, in server/, its server build. The server finds the
 * server build's manifest beside the browser entry that remotes.json names (remoteEntry.js or
 * mf-manifest.json, both at the top of dist/).
 */
export const serverManifestPath = 'server/manifest.json';

/**
 * Beside remoteEntry.js, every remote's build lists its files (`{ files: [{ path, bytes, sha256 }] }`, every
 * file of dist/ but the list itself), so that a build at a URL can be imported as a release
 * (packages/contracts/src/section-releases.ts; written by ./release-files.mjs).
 */
export const releaseFileListName = 'release-files.json';

/**
 * What a remote's server build writes where the browser build has its public path: the shell's render
 * module puts the browser build's real base URL there, so pictures in server HTML are the browser's.
 * @param {RemoteName} name
 */
export const serverPublicPathMarker = (name) => `/__portfolio_public_path__/${name}/`;
