import { siteServer } from './site-server';
import { startRenderers as startRenderersOf } from './server-rendered.mjs';

export { serverRendered } from './server-rendered.mjs';

/** Before the tests: every page of the sitemap and the shell's 404, rendered by the server, then kept. */
export const startRenderers = () => startRenderersOf(siteServer.url, ['/no-such-page']);
