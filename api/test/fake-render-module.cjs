// A stand-in for the shell's render module (shell/dist/server/render.js). Like the real one, it fetches each
// section build it is given over HTTP and runs that server entry as the federation runtime does (vm, with
// `require`, and no look at the response's status). A page names the builds it links to, the sections whose
// code it runs, and the process and count of renders of its renderer. A server entry may export
// `render(request)`: its text (or its throw, shown as the real module shows it: a 500 with the message) is the page.
const { getHeapStatistics } = require('node:v8');
const vm = require('node:vm');

let renders = 0;
/** whether `/doors-failing-once` has rendered its first pick, and failed its third since */
let firstDoorsRendered = false;
let thirdDoorsFailedSince = false;
// what a section's code might leave behind when it is evaluated: a timer and a buffer nobody frees
const leftBehind = { timer: setInterval(() => undefined, 60_000), buffer: Buffer.alloc(4 * 1024 * 1024, 1) };

/** The build a page links to: the version in a hashed entry's name (`remoteEntry.<version>.js`). */
const versionIn = (url) => /remoteEntry\.([^/]+)\.js$/.exec(url)?.[1];

/** A server entry, fetched and run as the federation runtime runs one. */
async function load(build) {
  try {
    const code = await (await fetch(build.serverEntry)).text();
    const module = { exports: {} };
    new vm.Script(`(function (exports, require, module) {${code}\n})`).runInThisContext()(
      module.exports,
      require,
      module,
    );
    return { code, exports: module.exports };
  } catch (error) {
    return { error: error.message };
  }
}

/** The section a path is under, as the parts' mount paths say (page-section.ts). */
const sectionOf = (pathname) =>
  pathname === '/'
    ? 'home'
    : (['about', 'projects', 'resume'].find((name) => pathname === `/${name}` || pathname.startsWith(`/${name}/`)) ??
      null);

/** The query parameters a path's routes read, as the real module learns them from the routes' handles. */
const searchParamsOf = (pathname) => (pathname.startsWith('/projects') ? ['sort'] : []);

/** The URL as the real module renders it: the parameters its routes read alone, sorted (page-query.ts). */
function pageUrlOf(url) {
  const asked = new URL(url);
  const kept = new URLSearchParams(
    [...asked.searchParams].filter(([name]) => searchParamsOf(asked.pathname).includes(name)),
  );
  kept.sort();
  const query = kept.toString();
  return `${asked.origin}${asked.pathname}${query ? `?${query}` : ''}`;
}

exports.createPageRenderer = ({ template, sections }) => {
  const builds = sections.filter((section) => 'version' in section);
  const loading = Promise.all(builds.map(async (build) => [build.name, await load(build)])).then(Object.fromEntries);
  const pageOf = (main, status, picks, searchParams) => ({
    status,
    html: template.replace('<!--page-body-->', main),
    picks,
    searchParams,
  });
  return {
    ready: loading.then((loaded) => ({
      unavailable: sections.filter((section) => !loaded[section.name]?.exports).map((section) => section.name),
    })),
    async render({ url: asked, siteUrl, pick }) {
      renders += 1;
      const loaded = await loading;
      const url = pageUrlOf(asked);
      const { pathname } = new URL(url);
      const searchParams = searchParamsOf(pathname);
      const page = (main, status = 200, picks = 1) => pageOf(main, status, picks, searchParams);
      if (pathname === '/moved') return { status: 302, location: '/projects', picks: 1, searchParams };
      // a page in three picks, as home's doors are (page-picks.ts)
      if (pathname === '/doors') return page(`<main data-pick="${pick % 3}" data-renders="${renders}"></main>`, 200, 3);
      const code = Object.keys(loaded).filter((name) => loaded[name].exports);
      const named = sections.map(
        (section) => `${section.name}=${section.version ?? versionIn(section.url) ?? 'missing'}`,
      );
      const attributes = `data-url="${url}" data-site="${siteUrl}" data-pid="${process.pid}" data-renders="${renders}" data-code="${code.join(' ')}"`;
      // a section whose code is not in this renderer (the shell's alone): its routes say it is unavailable, 503
      const section = sectionOf(pathname);
      if (section && !code.includes(section))
        return page(`<main ${attributes} data-unavailable="${section}">${named.join(' ')}</main>`, 503);
      // the same in a section, but its third pick fails once after the first pick was rendered, and kept
      if (pathname === '/about/doors-failing-once') {
        const shown = pick % 3;
        if (shown === 2 && !thirdDoorsFailedSince) {
          thirdDoorsFailedSince = firstDoorsRendered;
          throw new Error('not this time');
        }
        if (shown === 0) firstDoorsRendered = true;
        return page(`<main data-pick="${shown}" data-renders="${renders}"></main>`, 200, 3);
      }
      if (pathname === '/broken' || pathname === '/about/broken') throw new Error('a section threw');
      // a section's code that keeps everything it makes, until its renderer runs out of memory
      if (pathname === '/about/hog') {
        const held = [];
        for (;;) held.push(new Array(100_000).fill(held.length));
      }
      // a section's own answer for a page (a status, a redirect), as a route's loader can make one
      for (const name of code) {
        const answered = await loaded[name].exports.page?.({ url });
        if (answered) return { picks: 1, searchParams, ...answered };
      }
      let shown = '';
      for (const name of code) {
        if (typeof loaded[name].exports.render !== 'function') continue;
        try {
          shown = String(await loaded[name].exports.render({ url }));
        } catch (error) {
          return page(`<main>${error.message}</main>`, 500);
        }
      }
      const main = `<main ${attributes} data-left="${leftBehind.buffer.length}" data-heap-limit-mb="${Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024)}">${named.join(' ')}</main>${shown}`;
      return page(main, pathname === '/nowhere' ? 404 : 200);
    },
    // the owner's pages are among the routes, as in the shell: the server leaves them out of the sitemap; a section's
    // code may list pages of its own (a project's, from its handle)
    async sitemapPaths() {
      const loaded = await loading;
      const listed = Object.values(loaded).flatMap((section) => section.exports?.sitemapPaths?.() ?? []);
      return ['/', '/about', '/projects/project/1', '/owner/login', '/owner/sections', ...listed];
    },
    // what `./routes` serves: the ids its server entry names, as the real module reads `./routes`
    async sectionRouteIds() {
      const loaded = await loading;
      return Object.fromEntries(
        builds.map((build) => {
          const { code, error } = loaded[build.name];
          if (error) return [build.name, { error }];
          const ids = /routes: ([\w,]*)/.exec(code)?.[1];
          if (ids === undefined) return [build.name, { error: './routes has no default export' }];
          return [build.name, { routeIds: ids ? ids.split(',') : [] }];
        }),
      );
    },
  };
};
