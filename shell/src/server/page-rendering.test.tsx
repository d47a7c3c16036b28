/** @jest-environment node */
import { data, Outlet, redirect, useLoaderData } from '@portfolio/router';
import { pagePick, pagePicksHeader } from '@portfolio/contracts/page-picks';
import { serverPublicPathMarker } from '@portfolio/parts';
import type { SectionState } from '@portfolio/contracts/page-render';
import type { RemoteName, RemoteRoutes, RouteHandle } from '@portfolio/contracts/remote-routes';
import type { PageData } from '@portfolio/contracts/page-data';
import { siteConfig } from '@portfolio/contracts/site-config';
import { RemoteUnavailableError } from '../federation/remote-unavailable-error';
import { renderPages } from './page-rendering';

const template =
  '<!doctype html><html><head><!--page-head--><title>dev</title><!--/page-head--><link href="/main.css" rel="stylesheet"></head>' +
  '<body><div id="root"><!--page-body--></div></body></html>';

/** Sections as the API finds them: one on the site's own origin, one elsewhere. */
const sections: SectionState[] = [
  { name: 'home', version: 'h1', browserEntry: '/mf/home/remoteEntry.aaaa.js', serverEntry: 'http://x', styles: [] },
  {
    name: 'projects',
    version: 'p1',
    browserEntry: 'https://cdn.example.net/projects/remoteEntry.bbbb.js',
    serverEntry: 'http://x',
    styles: ['https://cdn.example.net/projects/list.cccc.css'],
  },
  { name: 'about', version: 'a1', browserEntry: '/mf/about/remoteEntry.dddd.js', serverEntry: 'http://x', styles: [] },
  { name: 'resume', url: '/mf/resume/remoteEntry.js', error: 'answered 404' },
];

interface Project {
  id: string;
  title: string;
}
const projects: Project[] = [
  { id: '1', title: 'A </script> title' },
  { id: '2', title: 'Two' },
];

function ProjectsPage() {
  return (
    <section>
      <h1>Projects</h1>
      <p className="query">{useLoaderData<string>()}</p>
      <Outlet />
    </section>
  );
}

function ProjectPage() {
  const project = useLoaderData<Project>();
  return (
    <article>
      <h2>{project.title}</h2>
      <img src={`${serverPublicPathMarker('projects')}assets/${project.id}.png`} alt="" />
    </article>
  );
}

const sectionRoutes: { [R in RemoteName]?: RemoteRoutes<R> } = {
  // home in four picks, as its doors are (page-picks.ts): the pick asked for is the one rendered
  home: {
    home: {
      Component: () => {
        const { pick, query } = useLoaderData<{ pick: number; query: string }>();
        return (
          <>
            <h1>HELLO {pick}</h1>
            <p className="home-query">{query}</p>
          </>
        );
      },
      // it reads the query without declaring a parameter: it is never given one
      loader: ({ request }) =>
        data(
          { pick: pagePick(request, 4), query: new URL(request.url).search },
          { headers: { [pagePicksHeader]: '4' } },
        ),
    },
  },
  projects: {
    // a filter the server renders: the query its loader is given is what the page shows
    projects: {
      Component: ProjectsPage,
      loader: ({ request }) => new URL(request.url).search,
      handle: {
        description: 'Every project.',
        searchParams: ['tag', 'page'],
        alternate: { type: 'application/json', href: '/projects.json', title: 'Projects & "more"' },
        structuredData: (_data, page) => ({
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: `${page.title} </script><!-- <script>`,
          url: page.url,
        }),
      } satisfies RouteHandle,
    },
    project: () =>
      Promise.resolve({
        Component: ProjectPage,
        loader: ({ params }) => projects.find((project) => project.id === params.projectId) ?? redirect('/projects'),
        handle: {
          title: (data) => (data as Project).title,
          image: (data) => `${serverPublicPathMarker('projects')}assets/${(data as Project).id}.png`,
          sitemapParams: () => projects.map((project) => ({ projectId: project.id })),
        } satisfies RouteHandle,
      }),
  },
  about: {
    about: {
      Component: () => {
        throw new Error('about cannot render on a server');
      },
    },
  },
};

const renderer = renderPages({
  template,
  sections,
  loadSection: (remote) => {
    const routes = sectionRoutes[remote];
    return routes ? Promise.resolve(routes as never) : Promise.reject(new RemoteUnavailableError(remote));
  },
});
const render = (path: string) =>
  renderer.render({ url: `http://localhost:8080${path}`, siteUrl: 'https://owner.example' });

const headOf = (html: string) => /<head>(.*)<\/head>/s.exec(html)?.[1] ?? '';
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(headOf(html))?.[1];
/** Each `<script type="application/ld+json">` of the head, parsed. */
const structuredData = (html: string) =>
  [...headOf(html).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    ([, json]) => JSON.parse(json ?? 'null') as Record<string, unknown>,
  );

function pageData(html: string): PageData {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as PageData;
}

describe('rendering pages on the server', () => {
  it("puts React's picture preloads first in the head, and leaves #root as the client renders it", async () => {
    const html = (await render('/projects/project/2')).html ?? '';
    const picture = '<link rel="preload" as="image" href="https://cdn.example.net/projects/assets/2.png"/>';
    expect(headOf(html)).toContain(picture);
    expect(headOf(html).indexOf(picture)).toBeLessThan(headOf(html).indexOf('<link rel="preload" as="script"'));
    expect(html.split(picture)).toHaveLength(2);
    expect(html).not.toMatch(/<div id="root"><link/);
  });

  it('knows which sections it cannot render before the first page', async () => {
    expect(await renderer.ready).toEqual({ unavailable: ['resume'] });
  });

  it("renders a section's page inside the frame, with its own head", async () => {
    const page = await render('/projects/project/2');
    expect(page.status).toBe(200);
    const html = page.html ?? '';
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain('<h2>Two</h2>');
    expect(headOf(html)).toContain('<title>Two | ');
    expect(headOf(html)).not.toContain('<title>dev</title>');
    expect(headOf(html)).toContain('<link rel="canonical" href="https://owner.example/projects/project/2">');
    expect(metaContent(html, 'og:url')).toBe('https://owner.example/projects/project/2');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    // the section's stylesheet after the shell's, its entry fetched early
    expect(headOf(html)).toMatch(/main\.css.*list\.cccc\.css/);
    expect(headOf(html)).toContain(
      '<link rel="preload" as="script" href="https://cdn.example.net/projects/remoteEntry.bbbb.js">',
    );
  });

  it('renders the pick asked for and says how many the page has; a page without picks has one', async () => {
    const home = (pick: number) =>
      renderer.render({ url: 'http://localhost:8080/', siteUrl: 'https://owner.example', pick });
    const [second, sixth] = [await home(2), await home(6)];
    expect(second.html).toContain('<h1>HELLO <!-- -->2</h1>');
    expect(sixth.html).toContain('<h1>HELLO <!-- -->2</h1>');
    expect([second.picks, sixth.picks]).toEqual([4, 4]);
    expect((await home(3)).html).toContain('<h1>HELLO <!-- -->3</h1>');
    expect((await render('/projects/project/2')).picks).toBe(1);
  });

  it("gives a section's pictures the browser build's URLs, which the browser will render too", async () => {
    const html = (await render('/projects/project/2')).html ?? '';
    expect(html).toContain('<img src="https://cdn.example.net/projects/assets/2.png"');
    expect(metaContent(html, 'og:image')).toBe('https://cdn.example.net/projects/assets/2.png');
    expect(html).not.toContain(serverPublicPathMarker('projects'));
  });

  it("names the exact builds and the data it rendered with, for hydration: the site's own by path, for any host", async () => {
    const data = pageData((await render('/projects/project/1')).html ?? '');
    expect(data.clientRender).toBe(false);
    expect(data.sections).toEqual({
      home: '/mf/home/remoteEntry.aaaa.js',
      projects: 'https://cdn.example.net/projects/remoteEntry.bbbb.js',
      about: '/mf/about/remoteEntry.dddd.js',
      resume: '/mf/resume/remoteEntry.js',
    });
    expect(data.router).toMatchObject({ loaderData: { project: projects[0] }, errors: null });
  });

  it('keeps what a section says from closing the data block', async () => {
    const html = (await render('/projects/project/1')).html ?? '';
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('A \\u003c/script> title');
  });

  it('falls back to the site for what a page does not say', async () => {
    const html = (await render('/')).html ?? '';
    expect(metaContent(html, 'og:image')).toBe('https://owner.example/site-card.png');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'description')).toBeTruthy();
    expect(metaContent(await render('/projects').then((page) => page.html ?? ''), 'description')).toBe(
      'Every project.',
    );
  });

  it('keeps the query parameters its routes read in the canonical URL, and leaves every other one out', async () => {
    const html = (await render('/projects?utm_source=feed&tag=Node.js&fbclid=x&page=2')).html ?? '';
    expect(headOf(html)).toContain(
      '<link rel="canonical" href="https://owner.example/projects?tag=Node.js&amp;page=2">',
    );
    expect(metaContent(html, 'og:url')).toBe('https://owner.example/projects?tag=Node.js&amp;page=2');
    const tracked = (await render('/about?utm_source=linkedin')).html ?? '';
    expect(headOf(tracked)).not.toContain('utm_source');
  });

  it("writes the page's structured data as JSON-LD that no text in it can close or comment out", async () => {
    const html = (await render('/projects?tag=A')).html ?? '';
    expect(structuredData(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: 'Projects </script><!-- <script>',
        url: 'https://owner.example/projects?tag=A',
      },
    ]);
    expect(headOf(html)).toContain('"name":"Projects \\u003c/script>\\u003c!-- \\u003cscript>"');
  });

  it('names the other formats of the page the route gives, and only on its own page', async () => {
    const link =
      '<link rel="alternate" type="application/json" href="https://owner.example/projects.json" title="Projects &amp; &quot;more&quot;">';
    expect(headOf((await render('/projects')).html ?? '')).toContain(link);
    expect(headOf((await render('/projects/project/2')).html ?? '')).not.toContain('rel="alternate"');
  });

  it("describes the owner's own pages as their profile: a ProfilePage whose main entity is the owner", async () => {
    const [page] = structuredData((await render('/')).html ?? '');
    expect(page).toMatchObject({
      '@type': 'ProfilePage',
      url: 'https://owner.example/',
      mainEntity: {
        '@type': 'Person',
        '@id': 'https://owner.example/#owner',
        name: siteConfig.ownerName,
        image: 'https://owner.example/profile.svg',
        sameAs: siteConfig.profiles.map((profile) => profile.url),
      },
    });
    // not on a page that is not about the owner, nor on an error page
    expect(structuredData((await render('/projects/project/2')).html ?? '')).toEqual([]);
    expect(structuredData((await render('/no/such/page')).html ?? '')).toEqual([]);
  });

  it("gives the link preview's picture its size and what it shows in words", async () => {
    const home = (await render('/')).html ?? '';
    expect([metaContent(home, 'og:image:width'), metaContent(home, 'og:image:height')]).toEqual(['1200', '630']);
    expect(metaContent(home, 'og:image:alt')).toBe(siteConfig.description);
    // a picture of the page's own, without words of its own, is named by the page's title
    expect(metaContent((await render('/projects/project/2')).html ?? '', 'og:image:alt')).toBe(
      `Two | ${siteConfig.ownerName}`,
    );
  });

  it("answers a loader's redirect as an HTTP redirect", async () => {
    expect(await render('/projects/project/42?utm_source=x')).toEqual({
      status: 302,
      location: '/projects',
      picks: 1,
      searchParams: ['tag', 'page'],
    });
  });

  it('renders a page with the query parameters its routes read alone, and names them in its canonical link', async () => {
    const filtered = await render('/projects?utm_source=linkedin&tag=react&fbclid=IwAR0&sort=new');
    expect(filtered.searchParams).toEqual(['tag', 'page']);
    expect(filtered.html).toContain('<p class="query">?tag=react</p>');
    expect(headOf(filtered.html ?? '')).toContain(
      '<link rel="canonical" href="https://owner.example/projects?tag=react">',
    );
    expect(metaContent(filtered.html ?? '', 'og:url')).toBe('https://owner.example/projects?tag=react');
    // a child route reads what its parent declares
    expect((await render('/projects/project/2?tag=react&gclid=1')).searchParams).toEqual(['tag', 'page']);
    // a route that declares none is given none: the same page as without them, a canonical link without them
    const shared = await render('/?utm_source=linkedin&utm_medium=social&ref=mail');
    expect(shared.searchParams).toEqual([]);
    expect(shared.html).toContain('<p class="home-query"></p>');
    expect(shared.html).toBe((await render('/')).html);
    expect(headOf(shared.html ?? '')).toContain('<link rel="canonical" href="https://owner.example/">');
  });

  it('keeps a path starting with // on the public origin in its head', async () => {
    const page = await render('//elsewhere.example/x');
    expect(page.status).toBe(404);
    expect(metaContent(page.html ?? '', 'og:url')).toBe('https://owner.example//elsewhere.example/x');
  });

  it("answers an unknown path with 404 and the error page inside the frame, which search engines don't index", async () => {
    const page = await render('/no/such/page');
    expect(page.status).toBe(404);
    expect(page.html).toContain('Oops!');
    expect(page.html).toContain('<header class="site-header">');
    expect(metaContent(page.html ?? '', 'robots')).toBe('noindex');
    // a mistyped link shared in a chat previews as what it is, not as the site failing
    expect(metaContent(page.html ?? '', 'og:title')).toBe('Page not found | Jordan Reyes');
    expect(headOf(page.html ?? '')).not.toContain('rel="canonical"');
    expect(pageData(page.html ?? '').router).toMatchObject({ errors: { sections: { status: 404 } } });
  });

  it('gives the routes of a section it could not load the unavailable view, 503, for the browser to retry', async () => {
    const page = await render('/resume');
    expect(page.status).toBe(503);
    expect(page.html).toContain('This part of the site is unavailable');
    expect(metaContent(page.html ?? '', 'og:title')).toBe('Something went wrong | Jordan Reyes');
    expect(page.html).toContain('<footer class="site-footer">');
    expect(pageData(page.html ?? '').clientRender).toBe(true);
    expect((await render('/')).status).toBe(200);
  });

  it('shows the error view when a section throws while rendering, and lets the browser try', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = await render('/about');
    logged.mockRestore();
    expect(page.status).toBe(500);
    expect(page.html).toContain('about cannot render on a server');
    expect(pageData(page.html ?? '').clientRender).toBe(true);
  });

  it("names the route ids each section build's ./routes maps, and why a section did not load", async () => {
    expect(await renderer.sectionRouteIds()).toEqual({
      home: { routeIds: ['home'] },
      projects: { routeIds: ['projects', 'project'] },
      about: { routeIds: ['about'] },
    });
    const failing = renderPages({
      template,
      sections: sections.slice(0, 1),
      loadSection: (remote) =>
        Promise.reject(new RemoteUnavailableError(remote, { cause: new Error('entry answered 404') })),
    });
    expect(await failing.sectionRouteIds()).toEqual({ home: { error: 'entry answered 404' } });
  });

  it('lists every page for the sitemap, each project included', async () => {
    expect((await renderer.sitemapPaths()).sort()).toEqual(
      ['/', '/about', '/projects', '/projects/project/1', '/projects/project/2', '/resume'].sort(),
    );
  });
});
