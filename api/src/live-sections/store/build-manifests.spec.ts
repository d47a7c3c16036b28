import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseServerManifest, readServerManifest, sharedInFederationManifest } from './build-manifests.js';

const manifest = {
  version: '0123456789ab',
  builtAt: '2026-11-27T10:00:00.000Z',
  serverEntry: 'remoteEntry.js',
  browserEntry: '../remoteEntry.js',
  styles: ['../styles/a.css'],
};

describe("a section's server manifest", () => {
  it('is read field by field, its build time an ISO time or null', () => {
    expect(parseServerManifest(manifest)).toEqual(manifest);
    expect(parseServerManifest({ ...manifest, builtAt: undefined }).builtAt).toBeNull();
    expect(parseServerManifest({ ...manifest, builtAt: 'yesterday' }).builtAt).toBeNull();
    expect(parseServerManifest({ ...manifest, builtAt: 12 }).builtAt).toBeNull();
  });

  it('is refused, saying so, without any of its fields or with one of another type', () => {
    for (const broken of [
      null,
      [],
      'x',
      { ...manifest, version: 1 },
      { ...manifest, serverEntry: undefined },
      { ...manifest, browserEntry: null },
      { ...manifest, styles: ['a.css', 2] },
    ])
      expect(() => parseServerManifest(broken)).toThrow("server/manifest.json is not a section's server manifest");
  });

  it("is read from a release's folder, which says when the file is not JSON", () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'build-manifests-'));
    try {
      mkdirSync(path.join(folder, 'server'));
      writeFileSync(path.join(folder, 'server/manifest.json'), JSON.stringify(manifest));
      expect(readServerManifest(folder).version).toBe(manifest.version);
      writeFileSync(path.join(folder, 'server/manifest.json'), '{"version":');
      expect(() => readServerManifest(folder)).toThrow('server/manifest.json is not JSON');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("a browser build's mf-manifest.json", () => {
  it('names each shared package with the range the build requires, else its own version', () => {
    const text = JSON.stringify({
      shared: [
        { name: 'react', version: '19.2.0', requiredVersion: '^19.2.0', extra: true },
        { name: 'react-dom', version: '19.2.0' },
        { name: 'no-range' },
        { version: '1.0.0' },
      ],
    });
    expect(sharedInFederationManifest(text)).toEqual([
      { name: 'react', range: '^19.2.0' },
      { name: 'react-dom', range: '19.2.0' },
    ]);
  });

  it('is none when the text is not such a manifest', () => {
    for (const text of ['', 'null', '{}', '{"shared":{}}', '{"shared":[null]}', '{"shared":'])
      expect(sharedInFederationManifest(text)).toBeNull();
  });
});
