// A stand-in for the shell's render module (shell/dist/server/render.js): it renders which section
// builds its worker was started with, in which thread, and how many pages that worker has rendered.
const { getHeapStatistics } = require('node:v8');
const { threadId } = require('node:worker_threads');

let renders = 0;
// what a section's code might leave behind when it is evaluated: a timer and a buffer nobody frees
const leftBehind = { timer: setInterval(() => undefined, 60_000), buffer: Buffer.alloc(4 * 1024 * 1024, 1) };

exports.createPageRenderer = ({ template, sections }) => ({
  ready: Promise.resolve({ unavailable: sections.filter((section) => !('version' in section)).map((s) => s.name) }),
  async render({ url, siteUrl, variant }) {
    renders += 1;
    const { pathname } = new URL(url);
    if (pathname === '/moved') return { status: 302, location: '/projects' };
    // a page in three variants, as home's doors are (page-variants.ts)
    if (pathname === '/doors') {
      const main = `<main data-variant="${variant % 3}" data-renders="${renders}"></main>`;
      return { status: 200, html: template.replace('<!--page-body-->', main), variants: 3 };
    }
    if (pathname === '/broken') throw new Error('a section threw');
    // a section's code that keeps everything it makes, until its worker runs out of memory
    if (pathname === '/hog') {
      const held = [];
      for (;;) held.push(new Array(100_000).fill(held.length));
    }
    const builds = sections.map((section) => `${section.name}=${section.version ?? 'missing'}`).join(' ');
    const main = `<main data-url="${url}" data-site="${siteUrl}" data-thread="${threadId}" data-renders="${renders}" data-left="${leftBehind.buffer.length}" data-heap-limit-mb="${Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024)}">${builds}</main>`;
    return { status: pathname === '/nowhere' ? 404 : 200, html: template.replace('<!--page-body-->', main) };
  },
  // the owner's pages are among the routes, as in the shell: the server leaves them out of the sitemap
  sitemapPaths: async () => ['/', '/about', '/projects/project/1', '/owner/login', '/owner/sections'],
  // what `./routes` serves, read from each server entry over HTTP as the real module loads it
  async sectionRouteIds() {
    const builds = sections.filter((section) => 'version' in section);
    const found = await Promise.all(
      builds.map(async (build) => {
        try {
          const response = await fetch(build.serverEntry);
          if (!response.ok) throw new Error(`${build.serverEntry} answered ${response.status}`);
          const ids = /routes: ([\w,]*)/.exec(await response.text())?.[1];
          if (ids === undefined) throw new Error('./routes has no default export');
          return [build.name, { routeIds: ids ? ids.split(',') : [] }];
        } catch (error) {
          return [build.name, { error: error.message }];
        }
      }),
    );
    return Object.fromEntries(found);
  },
});
