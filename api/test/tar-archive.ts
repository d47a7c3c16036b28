import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of a hand-made tar: any name, type and link, as a hostile client could write it. */
export interface TarEntry {
  path: string;
  content?: string | Buffer;
  /** '0' file (default), '1' hard link, '2' symbolic link, '3' character device, '5' folder, '6' FIFO */
  type?: '0' | '1' | '2' | '3' | '5' | '6';
  linkTo?: string;
  /** the size its header claims, whatever follows it (by default its content's, and 0 for all but files) */
  size?: number;
}

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(512);
  const field = (offset: number, length: number, text: string) => block.write(text, offset, length, 'latin1');
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, entry.path);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, 1_700_000_000);
  block.fill(' ', 148, 156);
  field(156, 1, entry.type ?? '0');
  field(157, 100, entry.linkTo ?? '');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let sum = 0;
  for (const byte of block) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/**
 * A ustar archive of exactly these entries, with no cleaning of names (node-tar's writer would refuse some);
 * `end` false leaves out the two zero blocks that end it.
 */
export function tarBytes(entries: readonly TarEntry[], { end = true } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = Buffer.from(entry.content ?? '');
    const isFile = (entry.type ?? '0') === '0';
    blocks.push(header(entry, entry.size ?? (isFile ? content.length : 0)));
    if (content.length > 0) blocks.push(content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  if (end) blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** The same, gzip'd: what an upload sends. */
export const tarGz = (entries: readonly TarEntry[]): Buffer => gzipSync(tarBytes(entries));

/** Every file under a folder, as tar entries with paths relative to it: a build packed as the release command packs it. */
export function folderEntries(root: string, under = ''): TarEntry[] {
  return readdirSync(path.join(root, under)).flatMap((name) => {
    const relative = under ? `${under}/${name}` : name;
    return statSync(path.join(root, relative)).isDirectory()
      ? folderEntries(root, relative)
      : [{ path: relative, content: readFileSync(path.join(root, relative)) }];
  });
}
