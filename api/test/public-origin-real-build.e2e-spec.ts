import { existsSync, readFileSync } from 'node:fs';
import resumeData from '@portfolio/content/resume.json' with { type: 'json' };
import { jsonResume } from '@portfolio/contracts/json-resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaOrgProblems } from './schema-org.js';
import { absoluteUrls, rawGet, strangersHeaders } from './steered-request.js';
import { startApp, type RunningApp } from './start-app.js';

// The real pages (`npm run build`): no client header changes a URL in any page, the sitemap or robots.txt,
// sections' scripts, styles and pictures included; and what the pages tell machines (search engines' structured
// data, link previews, the resume as JSON Resume) is read back from the server's answers.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = existsSync(path.join(repoRoot, 'shell/dist/server/render.js'));
if (!built) console.warn('No production build (npm run build): skipping the public origin tests on real pages');

const siteUrl = 'https://owner.example';

/** The first answer to a page, as a crawler or a link preview gets it. */
async function firstAnswer(url: string) {
  const response = await fetch(url);
  return { response, html: await response.text() };
}

/** The owner's projects (mf-projects' content): what the projects' pages are made of. */
const projects = JSON.parse(
  readFileSync(path.join(repoRoot, 'mf-projects/src/content/projects.json'), 'utf8'),
) as Array<{
  id: string;
  type: number | string;
  title: string;
  technologies: string[];
  thumbnailImg: string;
}>;
/** A technology some projects list and others do not. */
const someTag = projects
  .flatMap((project) => project.technologies)
  .find((tag) => projects.some((project) => !project.technologies.includes(tag)))!;
const tagged = `tag=${encodeURIComponent(someTag)}`;

/** Each `<script type="application/ld+json">` of a page, parsed. */
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    ([, json]) => JSON.parse(json ?? 'null') as Record<string, unknown>,
  );
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]?.replace(/&amp;/g, '&');
/** A PNG's size, from its header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

(built ? describe : describe.skip)('the public origin in the real pages', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ SERVE_SITE: 'true', SITE_DIR: repoRoot, SITE_URL: siteUrl });
  }, 120_000);
  afterAll(() => app.close());

  it('takes no URL from Host, X-Forwarded-Host or X-Forwarded-Proto, in any page, the sitemap or robots.txt', async () => {
    const sitemap = (await rawGet(app.baseUrl, '/sitemap.xml', strangersHeaders)).body;
    const pagePaths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(pagePaths.length).toBeGreaterThan(3);
    // the sitemap's pages, rendered ahead, and pages no one asked for before: the stranger is the first to ask
    const unasked = pagePaths.map((pagePath) => `${pagePath.replace(/\/$/, '')}/steered`);
    for (const pagePath of [...pagePaths, ...unasked, '/no-such-page', '/sitemap.xml', '/robots.txt']) {
      const steered = await rawGet(app.baseUrl, pagePath, strangersHeaders);
      expect(steered.body).not.toContain('evil.example');
      const urls = absoluteUrls(steered.body);
      // the site's own URLs are on SITE_URL; sections on the site's own origin are named by path alone
      expect(urls.filter((url) => url.includes('/mf/') && !url.startsWith(siteUrl))).toEqual([]);
      expect(urls.filter((url) => url.includes(new URL(app.baseUrl).host))).toEqual([]);
      if (steered.status === 200 && !pagePath.endsWith('.xml') && !pagePath.endsWith('.txt'))
        expect(steered.body).toContain(`<link rel="canonical" href="${siteUrl}${pagePath}">`);
    }
    expect((await rawGet(app.baseUrl, '/robots.txt', strangersHeaders)).body).toContain(
      `Sitemap: ${siteUrl}/sitemap.xml`,
    );
  }, 120_000);

  it("describes every page as schema.org data (JSON-LD) that the vocabulary holds, from the page's own content", async () => {
    const pageOf = async (pagePath: string) => (await firstAnswer(`${app.baseUrl}${pagePath}`)).html;
    const sitemap = await (await fetch(`${app.baseUrl}/sitemap.xml`)).text();
    const pagePaths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    const projectPaths = pagePaths.filter((pagePath) => pagePath.startsWith('/projects/project/'));
    const documents: Record<string, unknown> = {};
    for (const pagePath of [...pagePaths, `/projects?${tagged}&utm_source=feed`]) {
      const found = structuredData(await pageOf(pagePath));
      expect([pagePath, found.length]).toEqual([pagePath, 1]);
      documents[pagePath] = found[0];
    }
    for (const pagePath of ['/', '/about', '/resume'])
      expect(documents[pagePath]).toMatchObject({
        '@type': 'ProfilePage',
        url: `${siteUrl}${pagePath}`,
        mainEntity: {
          '@type': 'Person',
          '@id': `${siteUrl}/#owner`,
          name: siteConfig.ownerName,
          jobTitle: resumeData.headerCard.title,
          image: `${siteUrl}/profile.svg`,
          sameAs: siteConfig.profiles.map((profile) => profile.url),
        },
      });
    expect(documents['/projects']).toMatchObject({ '@type': 'ItemList', numberOfItems: projectPaths.length });
    const listed = (documents['/projects'] as { itemListElement: Array<{ url: string }> }).itemListElement;
    expect(listed.map((item) => new URL(item.url).pathname).sort()).toEqual([...projectPaths].sort());
    const oneTag = documents[`/projects?${tagged}&utm_source=feed`] as { name: string; numberOfItems: number };
    expect(oneTag).toMatchObject({ '@type': 'ItemList', name: `Projects using ${someTag}` });
    expect(oneTag.numberOfItems).toBe(projects.filter((project) => project.technologies.includes(someTag)).length);
    for (const project of projects)
      expect(documents[`/projects/project/${project.id}`]).toMatchObject({
        '@type': Number(project.type) === 0 ? 'SoftwareSourceCode' : 'CreativeWork',
        name: project.title,
        url: `${siteUrl}/projects/project/${project.id}`,
        author: { '@id': `${siteUrl}/#owner`, name: siteConfig.ownerName },
        keywords: project.technologies.join(', '),
      });

    // the vocabulary's check is no rubber stamp: a property a Person does not have is named
    const misspelt = { '@context': 'https://schema.org', '@type': 'Person', name: 'x', jobTitel: 'y' };
    const problems = await schemaOrgProblems({ ...documents, misspelt });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^misspelt: .*jobTitel/);
  }, 120_000);

  it('keeps the technology a list shows in its canonical URL, and leaves tracking parameters out', async () => {
    const { html } = await firstAnswer(`${app.baseUrl}/projects?utm_campaign=x&${tagged}&fbclid=y`);
    expect(canonicalOf(html)).toBe(`${siteUrl}/projects?${new URLSearchParams({ tag: someTag }).toString()}`);
    expect(html).toContain(`<title>Projects using ${someTag} |`);
    const unknown = await firstAnswer(`${app.baseUrl}/projects?tag=COBOL`);
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain('No projects use “COBOL”.');
    expect(unknown.html).toContain('<meta name="robots" content="noindex">');
    expect(structuredData(unknown.html)).toEqual([]);
  }, 60_000);

  it('gives each page without a picture of its own a card drawn from its title, with its size and words', async () => {
    const cards = new Map<string, string>();
    const withoutPicture = projects.filter((project) => !project.thumbnailImg);
    expect(withoutPicture.length).toBeGreaterThan(1);
    for (const pagePath of [
      '/about',
      '/projects',
      ...withoutPicture.map((project) => `/projects/project/${project.id}`),
    ]) {
      const { html } = await firstAnswer(`${app.baseUrl}${pagePath}`);
      const image = metaOf(html, 'og:image') ?? '';
      expect([pagePath, image]).toEqual([pagePath, expect.stringMatching(/\.card\.[0-9a-f]{10}\.png$/)]);
      expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')]).toEqual(['1200', '630']);
      expect(metaOf(html, 'og:image:alt')).toMatch(new RegExp(`, by ${siteConfig.ownerName}$`));
      const png = await fetch(`${app.baseUrl}${new URL(image).pathname}`);
      expect([pagePath, png.status, png.headers.get('content-type')]).toEqual([pagePath, 200, 'image/png']);
      expect(pngSize(Buffer.from(await png.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
      cards.set(pagePath, image);
    }
    // no two of these pages share a card
    expect(new Set(cards.values()).size).toBe(cards.size);
  }, 60_000);

  it('serves the resume in the JSON Resume schema at /resume.json, named by /resume, the same as the page and PDF', async () => {
    const { html } = await firstAnswer(`${app.baseUrl}/resume`);
    expect(html).toContain(
      `<link rel="alternate" type="application/json" href="${siteUrl}/resume.json" title="Resume (JSON Resume)">`,
    );
    const response = await fetch(`${app.baseUrl}/resume.json?utm_source=x`, { headers: { Cookie: 'nothing=here' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const file: unknown = await response.json();
    // what the contracts' tests validate against @jsonresume/schema and render with a theme
    expect(file).toEqual(jsonResume(resumeData, siteConfig, siteUrl));
    // the portrait it names is served
    const portrait = await fetch(`${app.baseUrl}/profile.svg`);
    expect([portrait.status, portrait.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    // read-only, at that path only; a stranger's Host changes none of its URLs
    expect((await fetch(`${app.baseUrl}/resume.json`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/resume.json/x`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/resume.json`, { method: 'HEAD' })).status).toBe(200);
    const steered = await rawGet(app.baseUrl, '/resume.json', strangersHeaders);
    expect(steered.body).not.toContain('evil.example');
  }, 60_000);
});
