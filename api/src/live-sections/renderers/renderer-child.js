// @ts-check
// A renderer process: one section's server code (or none: the shell alone), started by renderer-sandbox.ts with
// `-e` (it reads no file) through the layers that host allows. It takes its start over its channel (file
// descriptor 3: one JSON message a line, renderer-messages.ts), strips its own process of what could reach another
// process or the network, and only then runs the shell's render module, which loads its one section's build (the
// others are named on the page but never loaded: their routes are rendered by their own renderers). Every file
// of that build comes from the server over the channel: a renderer needs no network and no file.
import fs from 'node:fs';
import { Module, registerHooks, syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import os from 'node:os';

/** @typedef {import('./renderer-messages.js').ChildMessage} ChildMessage */
/** @typedef {import('./renderer-messages.js').ServerMessage} ServerMessage */
/** @typedef {import('./renderer-messages.js').RenderChildStart} RenderChildStart */
/** @typedef {import('./renderer-messages.js').ChildRequest} ChildRequest */
/** @typedef {import('@portfolio/contracts/page-render').SectionState} SectionState */
/** @typedef {import('@portfolio/contracts/page-render').PageRenderer} PageRenderer */

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

// The channel, opened before any other code runs and kept in this module's scope alone.
const channel = new net.Socket({ fd: 3, readable: true, writable: true });
/** @param {ChildMessage} message */
const send = (message) => void channel.write(`${JSON.stringify(message)}\n`);
// the server went away: nothing is left to answer
channel.on('close', () => process.exit(0));
channel.on('error', () => process.exit(0));

/** What the server answers this renderer's file requests with, by request id. */
/** @type {Map<number, { resolve: (text: string) => void, reject: (error: Error) => void }>} */
const fileRequests = new Map();
let lastFileId = 0;

/** @type {(message: ServerMessage) => void} */
let onMessage = () => undefined;
let received = '';
channel.setEncoding('utf8');
channel.on('data', (/** @type {string} */ chunk) => {
  received += chunk;
  let end = received.indexOf('\n');
  while (end >= 0) {
    const line = received.slice(0, end);
    received = received.slice(end + 1);
    const message = /** @type {ServerMessage} */ (JSON.parse(line));
    if (message.kind === 'file') {
      const waiting = fileRequests.get(message.id);
      fileRequests.delete(message.id);
      if ('text' in message) waiting?.resolve(message.text);
      else waiting?.reject(new Error(message.error));
    } else onMessage(message);
    end = received.indexOf('\n');
  }
});

/**
 * A file of this renderer's section build, as the server reads it (the release's own files; another host's over
 * HTTP): the federation runtime's `fetch`. The server refuses any URL outside that build's server folder.
 * @param {string | URL | Request} input
 * @returns {Promise<Response>}
 */
const sectionFile = (input) => {
  const url = input instanceof Request ? input.url : String(input);
  const id = ++lastFileId;
  return new Promise((resolve, reject) => {
    fileRequests.set(id, {
      resolve: (text) => resolve(new Response(text, { headers: { 'Content-Type': 'text/javascript' } })),
      reject,
    });
    send({ kind: 'file', id, url });
  });
};

/** @param {string} what */
const refused = (what) => () => {
  throw Object.assign(new Error(`${what} is not available to section code`), { code: 'ERR_ACCESS_DENIED' });
};

/**
 * The process as section code gets it. Node's permission model leaves these open (docs/server-rendering.md,
 * "Threat model"): signals to any process of the same user (`kill`, `_debugProcess`, which opens another Node
 * process's inspector), a process's replacement, the handles it holds (this channel's among them), bindings and
 * addons, users. Another user or the kernel stops most of them where the host allows; this stops them everywhere.
 */
function stripProcess() {
  const taken = /** @type {const} */ ([
    'kill',
    '_kill',
    '_debugProcess',
    '_debugEnd',
    '_startProfilerIdleNotifier',
    '_stopProfilerIdleNotifier',
    'binding',
    '_linkedBinding',
    'dlopen',
    'execve',
    '_getActiveHandles',
    '_getActiveRequests',
    'setuid',
    'setgid',
    'seteuid',
    'setegid',
    'setgroups',
    'initgroups',
  ]);
  for (const name of taken)
    Object.defineProperty(process, name, { value: refused(`process.${name}`), writable: false, configurable: false });
  // renice another process of the same user (the server's priority, a sibling's)
  os.setPriority = refused('os.setPriority');
  // a socket of any kind, or a listening one: through any class a handle in reach is an instance of
  for (const proto of [net.Socket.prototype, net.Server.prototype])
    for (const name of ['connect', 'listen'])
      if (name in proto)
        Object.defineProperty(proto, name, { value: refused(`net ${name}`), writable: false, configurable: false });
  // the raw handle class under a pipe (its output's): made first, as Node makes process.stdout on first use
  for (const stream of [process.stdout, process.stderr]) {
    const handle = /** @type {{ _handle?: { constructor: { prototype: object } } }} */ (/** @type {unknown} */ (stream))
      ._handle;
    const proto = handle?.constructor.prototype;
    if (proto)
      for (const name of ['connect', 'bind', 'listen'])
        if (name in proto && Object.getOwnPropertyDescriptor(proto, name)?.configurable !== false)
          Object.defineProperty(proto, name, {
            value: refused(`a pipe's ${name}`),
            writable: false,
            configurable: false,
          });
  }
  syncBuiltinESMExports();
}

/** Modules that open sockets or reach other processes: none is section code's (the permission model covers the rest). */
const deniedModules = new Set([
  'net',
  'tls',
  'http',
  'https',
  'http2',
  'dgram',
  'dns',
  'dns/promises',
  'inspector',
  'inspector/promises',
  'child_process',
  'cluster',
  'worker_threads',
]);
const isDenied = (/** @type {string} */ specifier) => deniedModules.has(specifier.replace(/^node:/, ''));

function denyModules() {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (isDenied(specifier)) refused(`the module ${specifier}`)();
      return nextResolve(specifier, context);
    },
  });
  const builtin = process.getBuiltinModule;
  Object.defineProperty(process, 'getBuiltinModule', {
    value: (/** @type {string} */ id) => (isDenied(id) ? refused(`the module ${id}`)() : builtin(id)),
    writable: false,
    configurable: false,
  });
  // the only network left in reach: the federation runtime's fetch is the server's file service instead
  Object.defineProperty(globalThis, 'fetch', { value: sectionFile, writable: false, configurable: false });
  for (const name of ['WebSocket', 'EventSource']) delete (/** @type {Record<string, unknown>} */ (globalThis)[name]);
}

// Node 24's existsSync throws where the permission model denies a read; the federation runtime asks it whether a
// chunk is on disk before fetching it. A file this process may not read is, for it, not there.
const fileExists = fs.existsSync;
fs.existsSync = (file) => {
  try {
    return fileExists(file);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ERR_ACCESS_DENIED') return false;
    throw error;
  }
};
syncBuiltinESMExports();

/**
 * The render module's `createPageRenderer`, compiled from its source as Node compiles a CommonJS file (its dynamic
 * imports of Node's modules included); its `require` finds Node's built-in modules, and there is no file to find
 * anything else in.
 * @param {string} source
 * @returns {import('@portfolio/contracts/page-render').CreatePageRenderer}
 */
function renderModule(source) {
  const filename = '/render.js';
  const module = /** @type {Module & { _compile(source: string, filename: string): void }} */ (new Module(filename));
  module.filename = filename;
  module.paths = [];
  module._compile(source, filename);
  return /** @type {{ createPageRenderer: import('@portfolio/contracts/page-render').CreatePageRenderer }} */ (
    module.exports
  ).createPageRenderer;
}

/** Page renderers kept, by the sections their pages name: the current set and the one before it. */
const keptRenderers = 2;

/**
 * The sections as the render module gets them: this renderer's section as it is, the others named on the page by
 * their builds' browser entries (the browser loads those exact files) with their code left out.
 * @param {readonly SectionState[]} sections
 * @param {string | null} section
 * @returns {SectionState[]}
 */
const sectionsGiven = (sections, section) =>
  sections.map((state) =>
    state.name === section || !('version' in state)
      ? state
      : { name: state.name, url: state.browserEntry, error: 'rendered by its own renderer' },
  );

/** @param {RenderChildStart} start */
function pageRenderers(start) {
  const createPageRenderer = renderModule(start.renderSource);
  /** @type {Map<string, PageRenderer>} */
  const kept = new Map();
  /** @param {readonly SectionState[]} sections */
  return (sections) => {
    const given = sectionsGiven(sections, start.section);
    const key = JSON.stringify(given);
    let renderer = kept.get(key);
    if (!renderer) {
      // the section's own code is the same in each: the federation runtime keeps the container it loaded
      renderer = createPageRenderer({ template: start.template, sections: given });
      kept.set(key, renderer);
      for (const old of kept.keys()) if (kept.size > keptRenderers) kept.delete(old);
    }
    return renderer;
  };
}

/**
 * @param {(sections: readonly SectionState[]) => PageRenderer} rendererOf
 * @param {PageRenderer} first
 * @param {ChildRequest} message
 * @returns {Promise<ChildMessage>}
 */
async function answer(rendererOf, first, message) {
  try {
    if (message.kind === 'route-ids') {
      if (typeof first.sectionRouteIds !== 'function') throw new Error('the render module cannot list route ids');
      return { id: message.id, kind: 'route-ids', sections: await first.sectionRouteIds() };
    }
    const renderer = rendererOf(message.sections);
    await renderer.ready;
    if (message.kind === 'sitemap') return { id: message.id, kind: 'sitemap', paths: await renderer.sitemapPaths() };
    return { id: message.id, kind: 'page', page: await renderer.render(message.request) };
  } catch (error) {
    return { id: message.id, kind: 'error', error: errorText(error).slice(0, 20_000) };
  }
}

/** @param {RenderChildStart} start */
async function begin(start) {
  try {
    stripProcess();
    denyModules();
    const rendererOf = pageRenderers(start);
    const first = rendererOf(start.sections);
    onMessage = (message) => {
      if (message.kind !== 'start' && message.kind !== 'file') void answer(rendererOf, first, message).then(send);
    };
    const { unavailable } = await first.ready;
    send({ kind: 'ready', loaded: start.section === null || !unavailable.includes(start.section) });
  } catch (error) {
    send({ kind: 'failed', error: errorText(error).slice(0, 20_000) });
  }
}

onMessage = (message) => {
  if (message.kind === 'start') void begin(message);
};
