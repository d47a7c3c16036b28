// A worker thread that renders pages with one set of section builds. Remote code runs here, not in the
// API's own thread; a new build of any section gets a new worker, and the old one ends with all that
// the old code left behind (timers, listeners, caches).
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { CreatePageRenderer, PageRenderer } from '@portfolio/contracts/page-render';
import type { RenderWorkerData, WorkerMessage, WorkerRequest } from './render-messages.js';

if (!parentPort) throw new Error('render-worker.js runs as a worker thread');
const port = parentPort;
const post = (message: WorkerMessage) => port.postMessage(message);
const errorText = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

async function answer(renderer: PageRenderer, message: WorkerRequest): Promise<WorkerMessage> {
  try {
    if (message.kind === 'sitemap') return { id: message.id, kind: 'sitemap', paths: await renderer.sitemapPaths() };
    return { id: message.id, kind: 'page', page: await renderer.render(message.request) };
  } catch (error) {
    return { id: message.id, kind: 'error', error: errorText(error) };
  }
}

try {
  const { renderModule, template, sections } = workerData as RenderWorkerData;
  const { createPageRenderer } = createRequire(import.meta.url)(renderModule) as {
    createPageRenderer: CreatePageRenderer;
  };
  const renderer = createPageRenderer({ template, sections });
  port.on('message', (message: WorkerRequest) => {
    void answer(renderer, message).then(post);
  });
  post({ kind: 'ready', ...(await renderer.ready) });
} catch (error) {
  post({ kind: 'failed', error: errorText(error) });
}
