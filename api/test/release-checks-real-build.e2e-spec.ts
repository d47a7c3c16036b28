import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteByName } from '@portfolio/parts';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { ReleaseCheck, ReleaseRefused, ReleaseUploaded } from '@portfolio/contracts/section-releases';
import { startOwnerSite, json, type OwnerSite } from './owner-site.js';
import { newToken, upload } from './release-client.js';
import { folderEntries, tarGz } from './tar-archive.js';

// Each refused build of issue 19's table, made from the sections' real builds (`npm run build`) and checked
// with the real render module: a copy of a section's dist/, changed the way such a build would differ.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = ['shell', 'mf-about', 'mf-projects'].every((folder) =>
  existsSync(path.join(repoRoot, folder, 'dist', folder === 'shell' ? 'server/render.js' : 'server/manifest.json')),
);
if (!built) console.warn('No production build (npm run build): skipping the release checks on real builds');

/** A copy of a section's real dist/, changed by `change`; a marker file makes it a release of its own. */
function buildOf(name: RemoteName, change: (dist: string) => void = () => undefined): Buffer {
  const dist = mkdtempSync(path.join(tmpdir(), `release-${name}-`));
  cpSync(path.join(repoRoot, remoteByName(name).folder, 'dist'), dist, { recursive: true });
  writeFileSync(path.join(dist, 'release.txt'), `${name} ${dist}`);
  change(dist);
  return tarGz(folderEntries(dist));
}

/** The About build with one shared package's range and version changed in its mf-manifest.json. */
const aboutSharing = (name: string, requiredVersion: string, version: string) =>
  buildOf('about', (dist) => {
    const file = path.join(dist, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
      shared: Array<{ name: string; requiredVersion: string; version: string }>;
    };
    const shared = manifest.shared.find((entry) => entry.name === name);
    if (!shared) throw new Error(`the About build no longer shares ${name}`);
    Object.assign(shared, { requiredVersion, version });
    writeFileSync(file, JSON.stringify(manifest));
  });

const failedCheck = (checks: readonly ReleaseCheck[], name: ReleaseCheck['name']) =>
  checks.find((check) => check.name === name && check.outcome === 'failed')?.detail;

(built ? describe : describe.skip)('release checks on real builds', () => {
  let site: OwnerSite;
  let token: string;
  beforeAll(async () => {
    site = await startOwnerSite(repoRoot);
    token = (await newToken(site, await site.logIn(), 'about')).secret;
    // the first start takes the four real builds as releases
  }, 90_000);
  afterAll(() => site.close());

  it('accepts the real About build: every check passed, its page rendered on the server', async () => {
    const response = await upload(site, 'about', buildOf('about'), token);
    expect([response.status, response.status === 201 ? '' : await response.text()]).toEqual([201, '']);
    const { release } = (await response.json()) as ReleaseUploaded;
    expect(release.checks.map((check) => [check.name, check.outcome])).toEqual([
      ['archive', 'passed'],
      ['routes', 'passed'],
      ['shared', 'passed'],
      ['server-render', 'passed'],
    ]);
    expect(release.checks.find((check) => check.name === 'server-render')?.detail).toMatch(/^\/about rendered/);
  });

  // the stand-in site's test (section-releases.e2e-spec.ts) has a ./routes that loads without the id; here
  // the other section's container has another name, so its ./routes does not load as About's at all
  it('refuses ./routes without the route id the shell needs (the Projects build as About)', async () => {
    const response = await upload(site, 'about', buildOf('projects'), token);
    expect(response.status).toBe(422);
    expect(failedCheck((await json<ReleaseRefused>(response)).checks, 'routes')).toMatch(
      /does not serve the route ids the shell needs: about|\.\/routes could not be loaded/,
    );
  });

  it('refuses shared react as a singleton ^18.2.0, naming the versions', async () => {
    const react18 = aboutSharing('react', '^18.2.0', '18.3.1');
    const response = await upload(site, 'about', react18, token);
    expect(response.status).toBe(422);
    const hostReact = (
      JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/react/package.json'), 'utf8')) as { version: string }
    ).version;
    expect(failedCheck((await json<ReleaseRefused>(response)).checks, 'shared')).toBe(
      `react ^18.2.0 required, the site has ${hostReact}.`,
    );
  });

  // the router is shared as the facade @portfolio/router (the builds' mf-manifest.json names it so), not as
  // react-router: a build made against another major of the facade brings routes the site's router cannot run
  it('refuses a build whose router facade is incompatible, naming both versions', async () => {
    const otherFacade = aboutSharing('@portfolio/router', '2.0.0', '2.0.0');
    const response = await upload(site, 'about', otherFacade, token);
    expect(response.status).toBe(422);
    const hostFacade = (
      JSON.parse(readFileSync(path.join(repoRoot, 'packages/router/package.json'), 'utf8')) as { version: string }
    ).version;
    expect(failedCheck((await json<ReleaseRefused>(response)).checks, 'shared')).toBe(
      `@portfolio/router 2.0.0 required, the site has ${hostFacade}.`,
    );
  });

  it('refuses a build without its server folder', async () => {
    const response = await upload(
      site,
      'about',
      buildOf('about', (dist) => rmSync(path.join(dist, 'server'), { recursive: true })),
      token,
    );
    expect(response.status).toBe(422);
    expect(failedCheck((await json<ReleaseRefused>(response)).checks, 'archive')).toMatch(/server\/manifest\.json/);
  });

  it('refuses a build whose page throws while rendering on the server', async () => {
    // the server build is compacted (server-config.mjs): `Component:AboutPage`, or with a space when it was not
    const route = /Component:\s*AboutPage/;
    const throwing = buildOf('about', (dist) => {
      const server = path.join(dist, 'server');
      const chunk = readdirSync(server).find(
        (file) => file.endsWith('.js') && route.test(readFileSync(path.join(server, file), 'utf8')),
      );
      if (!chunk) throw new Error('the About build has changed: no chunk holds its route');
      const file = path.join(server, chunk);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(route, 'Component: () => { throw new Error("the About page throws"); }'),
      );
    });
    const response = await upload(site, 'about', throwing, token);
    expect(response.status).toBe(422);
    const checks = (await json<ReleaseRefused>(response)).checks;
    expect(checks.find((check) => check.name === 'routes')?.outcome).toBe('passed');
    expect(failedCheck(checks, 'server-render')).toMatch(/\/about (answered|failed: .*answered) 500/);
  });
});
