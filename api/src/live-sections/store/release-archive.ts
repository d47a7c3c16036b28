import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { create } from 'tar';
import { releaseArchiveLimits, releaseUploadLimits } from '@portfolio/contracts/section-releases';

/** An archive the site will not unpack, with the sentence that says why. */
export class ArchiveRefused extends Error {}

/** A release's files unpacked into a folder of their own, named by their content. */
export interface UnpackedArchive {
  folder: string;
  id: string;
  files: number;
  /** what the files hold */
  bytes: number;
  /** what they take on disk, each file in whole blocks (releaseUploadLimits.diskBlockBytes) */
  diskBytes: number;
}

/** What unpack-worker.js is started with: its folder (made and removed by the caller) and the limits. */
export interface UnpackWorkerData {
  folder: string;
  limits: {
    maxArchiveBytes: number;
    maxUnpackedBytes: number;
    /** the tar stream inflated: the files, and their headers and padding */
    maxInflatedBytes: number;
    maxInflateRatio: number;
    maxEntries: number;
    maxPathLength: number;
  };
}
/** What the worker is sent: the body's bytes as they arrive, then its end. */
export type UnpackWorkerMessage = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'end' };
/** Its one answer: the files and their hashes, a refusal of the archive, or a failure of this server (a write). */
export type UnpackWorkerAnswer =
  | { kind: 'unpacked'; files: Array<{ path: string; sha256: string; size: number }> }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

const workerScript = new URL('./unpack-worker.js', import.meta.url);
const workerLimits: UnpackWorkerData['limits'] = {
  maxArchiveBytes: releaseArchiveLimits.maxArchiveBytes,
  maxUnpackedBytes: releaseArchiveLimits.maxUnpackedBytes,
  // a tar entry's header and padding take at most about 2 KB besides its content (with an extended header)
  maxInflatedBytes: releaseArchiveLimits.maxUnpackedBytes + releaseArchiveLimits.maxEntries * 2048,
  maxInflateRatio: releaseArchiveLimits.maxInflateRatio,
  maxEntries: releaseArchiveLimits.maxEntries,
  maxPathLength: releaseArchiveLimits.maxPathLength,
};
/** After the body's end, the worker has this long to write what is left (at most the limits' 62 MB). */
const finishMs = 60_000;
/** The worker's own heap: it holds one slice's inflated bytes at a time, and the files' hashes. */
const workerResourceLimits = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 };

/** What a file of `size` bytes takes on disk, as a release's files are counted against a token's quota. */
const diskBytesOf = (size: number): number =>
  Math.max(1, Math.ceil(size / releaseUploadLimits.diskBlockBytes)) * releaseUploadLimits.diskBlockBytes;

/** The release id: the first 16 hex of the SHA-256 over the sorted (path, SHA-256 of content) pairs. */
function releaseIdOfFiles(fileHashes: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const file of [...fileHashes.keys()].sort()) hash.update(`${file}\0${fileHashes.get(file) ?? ''}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * One gzip'd tar unpacked as its bytes arrive, in a worker thread (unpack-worker.js) so that no archive,
 * however hostile, holds the server's event loop: `write` each chunk as it comes, then `end`. The worker
 * inflates slice by slice and stops at the first limit passed (`refused` rejects then, while the body may
 * still be arriving); `cancel` ends it and removes what it wrote. Nothing of an archive stays in this thread
 * but a copy of the body when `keepArchive` (the database keeps it for replicas).
 */
export class ArchiveUnpacking {
  /** rejects with ArchiveRefused (or the worker's failure) as soon as the worker gives up */
  readonly refused: Promise<never>;
  private readonly folder: string;
  private readonly worker: Worker;
  private readonly answer: Promise<UnpackWorkerAnswer>;
  private readonly chunks: Buffer[] = [];
  private settled = false;

  constructor(
    parent: string,
    private readonly keepArchive: boolean,
  ) {
    this.folder = incomingFolder(parent);
    const data: UnpackWorkerData = { folder: this.folder, limits: workerLimits };
    this.worker = new Worker(workerScript, { workerData: data, resourceLimits: workerResourceLimits });
    this.answer = new Promise<UnpackWorkerAnswer>((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', (error: Error & { code?: string }) =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({ kind: 'refused', message: 'The archive took more memory to unpack than an upload may.' })
          : reject(error),
      );
      this.worker.once('exit', () => reject(new Error('the unpacking worker stopped without an answer')));
    });
    this.refused = this.answer.then((answer) => {
      if (answer.kind === 'unpacked') return new Promise<never>(() => undefined);
      throw answer.kind === 'refused' ? new ArchiveRefused(answer.message) : new Error(answer.message);
    });
    // whoever waits on the answer instead sees the refusal there
    this.refused.catch(() => undefined);
  }

  write(chunk: Buffer): void {
    if (this.settled) return;
    if (this.keepArchive) this.chunks.push(chunk);
    const message: UnpackWorkerMessage = { kind: 'bytes', bytes: chunk };
    this.worker.postMessage(message);
  }

  /** The files unpacked and the release's id (and the body, when kept); rejects with ArchiveRefused. */
  async end(): Promise<{ unpacked: UnpackedArchive; archive: Buffer | null }> {
    const message: UnpackWorkerMessage = { kind: 'end' };
    this.worker.postMessage(message);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new ArchiveRefused(`The archive took over ${finishMs / 1000} s to unpack.`)),
        finishMs,
      );
    });
    try {
      const answer = await Promise.race([this.answer, late]);
      if (answer.kind !== 'unpacked')
        throw answer.kind === 'refused' ? new ArchiveRefused(answer.message) : new Error(answer.message);
      const archive = this.keepArchive ? Buffer.concat(this.chunks) : null;
      this.stop();
      return { unpacked: unpackedOf(this.folder, answer.files), archive };
    } catch (error) {
      await this.cancel();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends the worker and removes what it wrote (a refusal, a slow body, a client gone). */
  async cancel(): Promise<void> {
    this.stop();
    await this.worker.terminate();
    await rm(this.folder, { recursive: true, force: true });
  }

  private stop(): void {
    this.settled = true;
    this.chunks.length = 0;
    void this.worker.terminate();
  }
}

/** A new folder beside the store, where a release's files are put before it is kept (or removed). */
export function incomingFolder(parent: string): string {
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(path.join(parent, '.incoming-'));
}

/** The files put in an incoming folder, as a release: its id is the one an upload of the same files gets. */
export function unpackedOf(
  folder: string,
  files: ReadonlyArray<{ path: string; sha256: string; size: number }>,
): UnpackedArchive {
  return {
    folder,
    id: releaseIdOfFiles(new Map(files.map((file) => [file.path, file.sha256]))),
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    diskBytes: files.reduce((sum, file) => sum + diskBytesOf(file.size), 0),
  };
}

/**
 * A folder on this machine (a part's dist/) copied in as a release, with the id an upload of the same files
 * would get: the first start's import, without packing and unpacking what is already here.
 */
export function copyFolder(source: string, parent: string): UnpackedArchive {
  const folder = incomingFolder(parent);
  const files: Array<{ path: string; sha256: string; size: number }> = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(source, relative), { withFileTypes: true })) {
      const inside = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        mkdirSync(path.join(folder, inside), { recursive: true });
        walk(inside);
      } else if (entry.isFile()) {
        const content = readFileSync(path.join(source, inside));
        copyFileSync(path.join(source, inside), path.join(folder, inside));
        files.push({ path: inside, sha256: createHash('sha256').update(content).digest('hex'), size: content.length });
      }
    }
  };
  try {
    walk('');
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return unpackedOf(folder, files);
}

/**
 * A folder as a gzip'd tar, the way the release command packs a build (paths relative to it): the archive kept in
 * the database where replicas share it, for a release that did not arrive as one (the first start's, an import).
 */
export async function packFolder(folder: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = create({ gzip: true, cwd: folder, portable: true }, readdirSync(folder));
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
