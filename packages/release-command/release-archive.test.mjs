import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Parser } from 'tar';
import { filesOf, packRelease } from './release-archive.mjs';

let folder;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'release-archive-'));
  writeFileSync(path.join(folder, 'remoteEntry.js'), 'entry');
  mkdirSync(path.join(folder, 'server/assets'), { recursive: true });
  writeFileSync(path.join(folder, 'server/manifest.json'), '{}');
  writeFileSync(path.join(folder, 'server/assets/a.png'), Buffer.alloc(1000, 1));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** What a gzip'd tar holds: each entry's path, type and content. */
async function entriesOf(archive) {
  const entries = [];
  const parser = new Parser();
  parser.on('entry', (entry) => {
    const chunks = [];
    entry.on('data', (chunk) => chunks.push(chunk));
    entry.on('end', () => entries.push({ path: entry.path, type: entry.type, body: Buffer.concat(chunks).toString() }));
  });
  await new Promise((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
    parser.end(archive);
  });
  return entries;
}

describe('packRelease', () => {
  it("packs every file with a path relative to the build, and nothing else (no folders, no '..', no absolute paths)", async () => {
    const packed = await packRelease(folder);
    expect(packed).toMatchObject({ files: 3, unpackedBytes: 5 + 2 + 1000 });
    expect(packed.archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    const entries = await entriesOf(packed.archive);
    expect(entries.map((entry) => [entry.path, entry.type])).toEqual([
      ['remoteEntry.js', 'File'],
      ['server/assets/a.png', 'File'],
      ['server/manifest.json', 'File'],
    ]);
    expect(entries[0].body).toBe('entry');
  });

  it('packs one build the same way twice (no times or owners in the archive)', async () => {
    const first = await packRelease(folder);
    writeFileSync(path.join(folder, 'remoteEntry.js'), 'entry'); // a new modification time, the same content
    expect((await packRelease(folder)).archive.equals(first.archive)).toBe(true);
  });

  it('leaves out links, which the site would refuse', async () => {
    symlinkSync('/etc/passwd', path.join(folder, 'passwd'));
    expect(filesOf(folder)).not.toContain('passwd');
    expect((await entriesOf((await packRelease(folder)).archive)).map((entry) => entry.path)).not.toContain('passwd');
  });

  it('refuses an empty build', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'release-empty-'));
    await expect(packRelease(empty)).rejects.toThrow(/no files/);
    rmSync(empty, { recursive: true });
  });
});
