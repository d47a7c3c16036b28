import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedSingletons } from '@portfolio/parts';
import { hostVersions, requiredSingletons, singletonProblems } from './shared-singletons.js';

// The check reads the one list of shared singletons (@portfolio/parts): what every part's webpack config shares.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const installed = (name: string) =>
  (JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
const host = hostVersions(path.join(repoRoot, 'shell'));

/** A build's folder holding `files`, read by the check, then removed. */
function checked(files: Record<string, string>) {
  const folder = mkdtempSync(path.join(tmpdir(), 'shared-singletons-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    const required = requiredSingletons(folder);
    return { required, problems: singletonProblems(required, host) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const manifestSharing = (shared: Array<{ name: string; version: string; requiredVersion?: string }>) => ({
  'mf-manifest.json': JSON.stringify({ shared }),
});

/** A remoteEntry.js's share scope as webpack writes it (the shape of mf-about's), one entry per package. */
const remoteEntrySharing = (shared: Array<{ name: string; version: string; requiredVersion?: string }>) => ({
  'remoteEntry.js': `var y={};y.S={default:{${shared
    .map(
      ({ name, version, requiredVersion }) =>
        `${/^\w+$/.test(name) ? name : JSON.stringify(name)}:[{version:"${version}",get:()=>Promise.all([y.e(214),y.e(137)]).then(()=>()=>y(5137)),scope:["default"],shareConfig:{eager:!1,${requiredVersion ? `requiredVersion:"${requiredVersion}",` : ''}singleton:!0,layer:null}}]`,
    )
    .join(',')}}};`,
});

describe('the shared-singletons check', () => {
  it("knows the site's version of every key of the one list, by the package that carries it", () => {
    expect(Object.keys(host).sort()).toEqual(Object.keys(sharedSingletons).sort());
    expect(host['react/jsx-runtime']).toBe(installed('react'));
    expect(host['react-dom/client']).toBe(installed('react-dom'));
    expect(host['@portfolio/router']).toBe(installed('@portfolio/router'));
    expect(host['react-bootstrap/']).toBe(installed('react-bootstrap'));
  });

  it.each([
    ['mf-manifest.json', manifestSharing],
    ['remoteEntry.js', remoteEntrySharing],
  ])('refuses an incompatible router facade, jsx runtime and react-bootstrap, read from %s', (_file, sharing) => {
    const { required, problems } = checked(
      sharing([
        { name: 'react', version: installed('react') },
        { name: 'react/jsx-runtime', version: '18.3.1', requiredVersion: '^18.3.1' },
        { name: '@portfolio/router', version: '2.0.0', requiredVersion: '2.0.0' },
        { name: 'react-bootstrap/Carousel', version: '3.0.0', requiredVersion: '^3.0.0' },
        { name: 'left-pad', version: '1.3.0', requiredVersion: '^1.3.0' },
      ]),
    );
    expect(required.map((shared) => shared.name).sort()).toEqual([
      '@portfolio/router',
      'react',
      'react-bootstrap/Carousel',
      'react/jsx-runtime',
    ]);
    expect(problems.sort()).toEqual([
      `@portfolio/router 2.0.0 required, the site has ${installed('@portfolio/router')}`,
      `react-bootstrap/Carousel ^3.0.0 required, the site has ${installed('react-bootstrap')}`,
      `react/jsx-runtime ^18.3.1 required, the site has ${installed('react')}`,
    ]);
  });

  it("accepts a build made with the site's own versions of every shared package", () => {
    const same = [
      { name: 'react', version: installed('react'), requiredVersion: `^${installed('react')}` },
      { name: 'react/jsx-runtime', version: installed('react'), requiredVersion: `^${installed('react')}` },
      { name: 'react-dom', version: installed('react-dom'), requiredVersion: `^${installed('react-dom')}` },
      { name: '@portfolio/router', version: installed('@portfolio/router') },
      { name: 'react-bootstrap/Button', version: installed('react-bootstrap') },
    ];
    expect(checked(manifestSharing(same))).toEqual({ required: expect.any(Array), problems: [] });
    const fromEntry = checked(remoteEntrySharing(same));
    expect([fromEntry.required.length, fromEntry.problems]).toEqual([5, []]);
  });
});
