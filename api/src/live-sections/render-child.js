// @ts-check
// A renderer process: one section's server code (or none: the shell alone), run in Node's permission model
// with no secret in its environment (render-sandbox.ts starts it). It loads the shell's render module, gives
// it its one section's build (the others are named on the page but never loaded: their routes are rendered
// by their own renderers) and answers the API over IPC. The messages are typed in render-messages.ts.
import fs from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** @param {import('./render-messages.js').ChildMessage} message */
const send = (message) => process.send?.(message);

// the server went away: nothing is left to answer
process.on('disconnect', () => process.exit(0));

// Node 24's existsSync throws where the permission model denies a read; the federation runtime asks it whether a
// chunk is on disk before fetching it over HTTP. A file this process may not read is, for it, not there.
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

/** What may be run as code: a script's media types (RFC 9239 and the older ones servers still send). */
const scriptType = /^(text|application)\/(javascript|x-javascript|ecmascript|node)\s*(;|$)/i;
const isScriptUrl = (/** @type {string} */ url) => /\.(c|m)?js$/i.test(new URL(url).pathname);

// The federation runtime runs whatever a script URL answers. A script that is not 2xx JavaScript (a 404
// page, an HTML error) is refused here, before any of it can run.
const networkFetch = globalThis.fetch;
/**
 * @param {string | URL | Request} input
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
const checkedFetch = async (input, init) => {
  const response = await networkFetch(input, init);
  const url = response.url || String(input instanceof Request ? input.url : input);
  if (!isScriptUrl(url)) return response;
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !scriptType.test(type)) {
    await response.body?.cancel();
    throw new Error(`${url} is not a script (it answered ${response.status}, ${type || 'no content type'})`);
  }
  return response;
};
Object.defineProperty(globalThis, 'fetch', { value: checkedFetch, writable: false, configurable: false });

/** @typedef {import('@portfolio/contracts/page-render').SectionState} SectionState */
/** @typedef {import('@portfolio/contracts/page-render').PageRenderer} PageRenderer */

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

/** @param {import('./render-messages.js').RenderChildStart} start */
function pageRenderers(start) {
  const { createPageRenderer } =
    /** @type {{ createPageRenderer: import('@portfolio/contracts/page-render').CreatePageRenderer }} */ (
      createRequire(import.meta.url)(start.renderModule)
    );
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
 * @param {import('./render-messages.js').ChildRequest} message
 * @returns {Promise<import('./render-messages.js').ChildMessage>}
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
    return { id: message.id, kind: 'error', error: errorText(error) };
  }
}

/** @param {import('./render-messages.js').RenderChildStart} start */
async function begin(start) {
  try {
    const rendererOf = pageRenderers(start);
    const first = rendererOf(start.sections);
    process.on('message', (/** @type {import('./render-messages.js').ChildRequest} */ message) => {
      void answer(rendererOf, first, message).then(send);
    });
    const { unavailable } = await first.ready;
    send({ kind: 'ready', loaded: start.section === null || !unavailable.includes(start.section) });
  } catch (error) {
    send({ kind: 'failed', error: errorText(error) });
  }
}

process.once('message', (/** @type {import('./render-messages.js').RenderChildStart} */ start) => void begin(start));
