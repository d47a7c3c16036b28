import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import type { SectionBuild } from '@portfolio/contracts/page-render';
import type { ReleaseFiles } from '../store/release-files.js';
import { SectionFiles } from './section-files.js';

// A renderer's file requests: a release kept here is read from the store alone, whatever origin of the server a
// page named it at; nothing of it is ever asked over HTTP.

const id = '0123456789abcdef';
const root = mkdtempSync(path.join(tmpdir(), 'portfolio-files-'));
const folder = path.join(root, 'about', id);
mkdirSync(path.join(folder, 'server'), { recursive: true });
writeFileSync(path.join(folder, 'server/remoteEntry.a1.js'), 'module.exports = "entry";');
writeFileSync(path.join(folder, 'server/chunk.js'), 'module.exports = "chunk";');
const store = {
  folder: (name: string, release: string) => Promise.resolve(name === 'about' && release === id ? folder : null),
  file: (name: string, release: string, file: string) => {
    if (name !== 'about' || release !== id) return Promise.resolve(null);
    const full = path.resolve(folder, file);
    return Promise.resolve(
      full.startsWith(folder + path.sep) && full.endsWith('.js') && !file.includes('missing')
        ? { path: full, bytes: 20 }
        : null,
    );
  },
} as unknown as ReleaseFiles;

const self = 'http://127.0.0.1:9';
const build: SectionBuild = {
  name: 'about',
  version: 'a1',
  browserEntry: `/sections/about/${id}/remoteEntry.a1.js`,
  serverEntry: `${self}/sections/about/${id}/server/remoteEntry.a1.js`,
  styles: [],
};

describe("a renderer's section files", () => {
  const fetched = jest.spyOn(globalThis, 'fetch');
  afterEach(() => fetched.mockClear());
  afterAll(() => fetched.mockRestore());
  const files = new SectionFiles(store);

  it("reads a kept release's server files from the store, at any of the server's own origins", async () => {
    expect(await files.read(build, build.serverEntry)).toBe('module.exports = "entry";');
    // the preview origin's listener names the same release at its own port
    expect(await files.read(build, `http://127.0.0.1:10/sections/about/${id}/server/chunk.js`)).toBe(
      'module.exports = "chunk";',
    );
    expect(fetched).not.toHaveBeenCalled();
  });

  it('refuses what a kept release does not hold, or what is outside its server folder, asking nothing over HTTP', async () => {
    for (const url of [
      `${self}/sections/about/${id}/server/missing.js`,
      `${self}/sections/about/${id}/remoteEntry.a1.js`,
      `${self}/sections/about/${id}/server/..%2F..%2F..%2Fsecrets.js`,
      `${self}/sections/home/${id}/server/remoteEntry.a1.js`,
    ])
      await expect(files.read(build, url)).rejects.toThrow();
    expect(fetched).not.toHaveBeenCalled();
  });
});
