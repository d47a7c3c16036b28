import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { releaseFileListName } from './parts.mjs';
import { releaseEntryPath, releaseFileList, writeReleaseFileList } from './release-files.mjs';

describe("a build's file list (release-files.json)", () => {
  it('lists every file of the folder, sorted, with its size and SHA-256, but itself', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'release-files-'));
    mkdirSync(path.join(folder, 'server/chunks'), { recursive: true });
    writeFileSync(path.join(folder, 'remoteEntry.js'), 'entry');
    writeFileSync(path.join(folder, 'server/manifest.json'), '{}');
    writeFileSync(path.join(folder, 'server/chunks/a.js'), '');
    writeFileSync(path.join(folder, releaseFileListName), 'an old list');
    const sha = (text) => createHash('sha256').update(text).digest('hex');
    const expected = {
      files: [
        { path: 'remoteEntry.js', bytes: 5, sha256: sha('entry') },
        { path: 'server/chunks/a.js', bytes: 0, sha256: sha('') },
        { path: 'server/manifest.json', bytes: 2, sha256: sha('{}') },
      ],
    };
    expect(releaseFileList(folder)).toEqual(expected);
    writeReleaseFileList(folder);
    expect(JSON.parse(readFileSync(path.join(folder, releaseFileListName), 'utf8'))).toEqual(expected);
  });

  it('takes a path as an archive entry is taken: relative, no .., no backslash or control character, not too long', () => {
    expect(releaseEntryPath('./server//manifest.json', 300)).toEqual({ path: 'server/manifest.json' });
    for (const [raw, refusal] of [
      ['../x.js', /climbs out/],
      ['a/../../x.js', /climbs out/],
      ['/etc/passwd', /absolute path/],
      ['C:/x.js', /absolute path/],
      ['a\\b.js', /not a plain path/],
      ['a\nb.js', /not a plain path/],
      ['x'.repeat(301), /over 300 characters/],
    ])
      expect(releaseEntryPath(raw, 300)).toEqual({ refused: expect.stringMatching(refusal) });
  });
});
