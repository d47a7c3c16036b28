// @ts-check
// A worker thread that renders pages with one set of section builds. Remote code runs here, not in the
// API's own thread; a new build of any section gets a new worker, and the old one ends with all that
// the old code left behind (timers, listeners, caches). Plain JavaScript, so the API's tests start the
// real worker without a build. The messages are typed in render-messages.ts.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

if (!parentPort) throw new Error('render-worker.js runs as a worker thread');
const port = parentPort;

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * @param {import('@portfolio/contracts/page-render').PageRenderer} renderer
 * @param {import('./render-messages.js').WorkerRequest} message
 * @returns {Promise<import('./render-messages.js').WorkerMessage>}
 */
async function answer(renderer, message) {
  try {
    if (message.kind === 'sitemap') return { id: message.id, kind: 'sitemap', paths: await renderer.sitemapPaths() };
    if (message.kind === 'route-ids') {
      // a render module built before the owner's health check has no such call
      if (typeof renderer.sectionRouteIds !== 'function') throw new Error('the render module cannot list route ids');
      return { id: message.id, kind: 'route-ids', sections: await renderer.sectionRouteIds() };
    }
    return { id: message.id, kind: 'page', page: await renderer.render(message.request) };
  } catch (error) {
    return { id: message.id, kind: 'error', error: errorText(error) };
  }
}

try {
  const { renderModule, template, sections } = /** @type {import('./render-messages.js').RenderWorkerData} */ (
    workerData
  );
  const { createPageRenderer } =
    /** @type {{ createPageRenderer: import('@portfolio/contracts/page-render').CreatePageRenderer }} */ (
      createRequire(import.meta.url)(renderModule)
    );
  const renderer = createPageRenderer({ template, sections });
  port.on('message', (/** @type {import('./render-messages.js').WorkerRequest} */ message) => {
    void answer(renderer, message).then((reply) => port.postMessage(reply));
  });
  port.postMessage({ kind: 'ready', ...(await renderer.ready) });
} catch (error) {
  port.postMessage({ kind: 'failed', error: errorText(error) });
}
