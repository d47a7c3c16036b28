import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { releaseArchiveLimits } from '@portfolio/contracts/section-releases';
import { Parser, type ReadEntry } from 'tar';

/** An archive the site will not unpack, with the sentence that says why. */
export class ArchiveRefused extends Error {}

/** A release's files unpacked into a folder of their own, named by their content. */
export interface UnpackedArchive {
  folder: string;
  id: string;
  files: number;
  bytes: number;
}

const fileTypes = new Set(['File', 'OldFile', 'ContiguousFile']);
/** what a gzip stream starts with */
const gzipMagic = [0x1f, 0x8b];

/**
 * The archive's own name for a file, as it will be stored: relative, with no `..`, no backslash and no
 * control character. Anything else is refused rather than cleaned up.
 */
function safePath(raw: string): string {
  const withoutDot = raw.replace(/^(\.\/)+/, '');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(withoutDot))
    throw new ArchiveRefused(`"${raw.slice(0, 80)}" is not a plain path.`);
  if (withoutDot.startsWith('/') || /^[A-Za-z]:/.test(withoutDot))
    throw new ArchiveRefused(`"${raw.slice(0, 80)}" is an absolute path.`);
  const parts = withoutDot.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new ArchiveRefused(`"${raw.slice(0, 80)}" climbs out of the release with "..".`);
  return parts.join('/');
}

/** The release id: the first 16 hex of the SHA-256 over the sorted (path, SHA-256 of content) pairs. */
export function releaseIdOf(fileHashes: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const file of [...fileHashes.keys()].sort()) hash.update(`${file}\0${fileHashes.get(file) ?? ''}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Unpacks a gzip'd tar into a new folder inside `parent`, through node-tar's parser with our own filter:
 * only files and folders (no links, devices or FIFOs), safe relative paths, and the limits of the contract,
 * counted from each header before a byte is written. A refusal removes the folder and throws ArchiveRefused.
 */
export async function unpackArchive(archive: Buffer, parent: string): Promise<UnpackedArchive> {
  if (archive.length === 0) throw new ArchiveRefused('The archive is empty.');
  if (archive.length > releaseArchiveLimits.maxArchiveBytes)
    throw new ArchiveRefused(`The archive is over ${releaseArchiveLimits.maxArchiveBytes} bytes.`);
  if (!gzipMagic.every((byte, index) => archive[index] === byte))
    throw new ArchiveRefused("The body is not a gzip'd tar (it does not start as gzip does).");
  mkdirSync(parent, { recursive: true });
  const folder = mkdtempSync(path.join(parent, '.incoming-'));
  const fileHashes = new Map<string, string>();
  let bytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const parser = new Parser({
        strict: true,
        maxDecompressionRatio: 200,
        onReadEntry: (entry: ReadEntry) => {
          try {
            take(entry);
          } catch (error) {
            entry.resume();
            parser.abort(error instanceof Error ? error : new Error(String(error)));
          }
        },
      });
      const take = (entry: ReadEntry) => {
        const relative = safePath(entry.path);
        if (entry.type === 'Directory') {
          if (relative) mkdirSync(path.join(folder, relative), { recursive: true });
          entry.resume();
          return;
        }
        if (!fileTypes.has(entry.type))
          throw new ArchiveRefused(`"${relative.slice(0, 80)}" is a ${entry.type}: a release holds files only.`);
        if (!relative) throw new ArchiveRefused('A file in the archive has no name.');
        if (fileHashes.has(relative)) throw new ArchiveRefused(`"${relative.slice(0, 80)}" is in the archive twice.`);
        if (fileHashes.size + 1 > releaseArchiveLimits.maxFiles)
          throw new ArchiveRefused(`The archive holds over ${releaseArchiveLimits.maxFiles} files.`);
        bytes += entry.size;
        if (bytes > releaseArchiveLimits.maxUnpackedBytes)
          throw new ArchiveRefused(`The archive unpacks to over ${releaseArchiveLimits.maxUnpackedBytes} bytes.`);
        const target = path.join(folder, relative);
        if (!target.startsWith(`${folder}${path.sep}`)) throw new ArchiveRefused(`"${relative}" leaves the release.`);
        fileHashes.set(relative, '');
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          const content = Buffer.concat(chunks);
          try {
            mkdirSync(path.dirname(target), { recursive: true });
            writeFileSync(target, content, { flag: 'wx' });
            fileHashes.set(relative, createHash('sha256').update(content).digest('hex'));
          } catch {
            parser.abort(new ArchiveRefused(`"${relative.slice(0, 80)}" could not be written where a folder is.`));
          }
        });
      };
      parser.on('error', reject);
      parser.on('abort', reject);
      parser.on('end', () => resolve());
      parser.end(archive);
    });
    if (fileHashes.size === 0) throw new ArchiveRefused('The archive holds no files.');
    return { folder, id: releaseIdOf(fileHashes), files: fileHashes.size, bytes };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    if (error instanceof ArchiveRefused) throw error;
    // node-tar's own complaint (a truncated or corrupt archive, a decompression bomb): one sentence
    const message = error instanceof Error ? error.message : String(error);
    throw new ArchiveRefused(`The archive could not be read: ${message.split('\n', 1)[0]?.slice(0, 200) ?? ''}.`);
  }
}

/**
 * A folder on this machine (a part's dist/) copied in as a release, with the id an upload of the same files
 * would get: the first start's import, without packing and unpacking what is already here.
 */
export function copyFolder(source: string, parent: string): UnpackedArchive {
  mkdirSync(parent, { recursive: true });
  const folder = mkdtempSync(path.join(parent, '.incoming-'));
  const fileHashes = new Map<string, string>();
  let bytes = 0;
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(source, relative), { withFileTypes: true })) {
      const inside = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        mkdirSync(path.join(folder, inside), { recursive: true });
        walk(inside);
      } else if (entry.isFile()) {
        const content = readFileSync(path.join(source, inside));
        copyFileSync(path.join(source, inside), path.join(folder, inside));
        fileHashes.set(inside, createHash('sha256').update(content).digest('hex'));
        bytes += content.length;
      }
    }
  };
  try {
    walk('');
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return { folder, id: releaseIdOf(fileHashes), files: fileHashes.size, bytes };
}
