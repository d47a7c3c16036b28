// @ts-check
// One upload's archive unpacked off the server's event loop (release-archive.ts starts this worker thread and
// sends it the body's bytes while they arrive). Each slice of at most `sliceBytes` is inflated (minizlib), the
// inflated bytes counted against the limits at once (total, ratio), then parsed (node-tar): every entry counts,
// folders too, and each file is written and hashed as its bytes come. The first limit passed ends the work:
// nothing more is inflated, and the answer names the limit. The folder is the caller's to remove then.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { Gunzip } from 'minizlib';
import { Parser } from 'tar';
import { releaseEntryPath } from '@portfolio/parts/release-files';

/** @typedef {import('./release-archive.js').UnpackWorkerData} UnpackWorkerData */
/** @typedef {import('./release-archive.js').UnpackWorkerAnswer} UnpackWorkerAnswer */
/** @typedef {import('./release-archive.js').UnpackWorkerMessage} UnpackWorkerMessage */

const { folder, limits } = /** @type {UnpackWorkerData} */ (workerData);
const port = parentPort;
if (!port) throw new Error('unpack-worker.js runs as a worker thread');

// this thread only (Linux gives each thread its own nice value): on a small server the event loop, the renderers
// and the pages come first, and an upload takes what CPU is left
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // not allowed here: the same priority as the server, still off its event loop
}

/** Compressed bytes inflated at a time: a slice of a gzip bomb inflates to about 1,000 times its size, 4 MB here. */
const sliceBytes = 4096;
/** The ratio is looked at once this much is inflated: a small archive is mostly headers and zero padding. */
const ratioGraceBytes = 1024 * 1024;
const gzipMagic = [0x1f, 0x8b];
/**
 * Bytes the parser may be given beyond the files' own (their headers, an extended header of up to 64 KB, the
 * zero blocks and record padding at the end): node-tar keeps whatever follows the end of an archive in one
 * growing buffer, so what follows it is refused instead.
 */
const headersAllowance = 256 * 1024;
const fileTypes = new Set(['File', 'OldFile', 'ContiguousFile']);

/** An archive the site will not unpack, with the sentence that says why. */
class Refusal extends Error {}

const megabytes = (/** @type {number} */ bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
const quoted = (/** @type {string} */ text) => `"${text.slice(0, 80)}"`;

/**
 * The archive's own name for a file, as it will be stored (the one rule of release paths: releaseEntryPath).
 * @param {string} raw
 */
function safePath(raw) {
  const checked = releaseEntryPath(raw, limits.maxPathLength);
  if ('refused' in checked) throw new Refusal(checked.refused);
  return checked.path;
}

/** @type {Map<string, string>} each file's path and the SHA-256 of its content ('' while it is written) */
const fileHashes = new Map();
/** @type {Map<string, number>} each file's size */
const fileSizes = new Map();
let received = 0;
let inflated = 0;
/** inflated bytes given to the parser, and how far they may go: past the last entry's body and a few headers */
let parsed = 0;
let parseUntil = headersAllowance;
let entries = 0;
let unpackedBytes = 0;
/** @type {number | null} the file being written */
let openFile = null;
/** @type {Error | null} */
let failure = null;
let answered = false;

/** @param {UnpackWorkerAnswer} answer */
function answer(answer) {
  if (answered) return;
  answered = true;
  if (openFile !== null) closeSync(openFile);
  openFile = null;
  port?.postMessage(answer);
}

/** The first failure stops everything: later bytes are dropped, and the answer is sent once. */
function fail(/** @type {unknown} */ error) {
  if (failure) return;
  failure = error instanceof Error ? error : new Error(String(error));
  parser.abort(failure);
  if (failure instanceof Refusal) answer({ kind: 'refused', message: failure.message });
  else if (failure.name === 'FileWriteError') answer({ kind: 'failed', message: failure.message });
  // node-tar's or zlib's own complaint (a truncated or corrupt archive): one sentence
  else
    answer({
      kind: 'refused',
      message: `The archive could not be read: ${failure.message.split('\n', 1)[0]?.slice(0, 200) ?? ''}.`,
    });
}

/** @param {import('tar').ReadEntry} entry */
function take(entry) {
  entries += 1;
  // its header was in what was parsed so far; its body, padded to whole blocks, may follow
  parseUntil = parsed + Math.ceil((entry.size ?? 0) / 512) * 512 + headersAllowance;
  if (entries > limits.maxEntries)
    throw new Refusal(`The archive holds over ${limits.maxEntries} entries (files and folders count alike).`);
  const relative = safePath(entry.path);
  // a folder's or a link's header may claim a body too: every entry's size counts
  unpackedBytes += entry.size ?? 0;
  if (unpackedBytes > limits.maxUnpackedBytes)
    throw new Refusal(`The archive unpacks to over ${megabytes(limits.maxUnpackedBytes)}.`);
  if (entry.type === 'Directory') {
    // counted, not made: a file's folders are made when it is written, and an empty folder serves nothing
    entry.resume();
    return;
  }
  if (!fileTypes.has(entry.type))
    throw new Refusal(`${quoted(relative)} is a ${entry.type}: a release holds files only.`);
  if (!relative) throw new Refusal('A file in the archive has no name.');
  if (fileHashes.has(relative)) throw new Refusal(`${quoted(relative)} is in the archive twice.`);
  const target = path.join(folder, relative);
  if (!target.startsWith(`${folder}${path.sep}`)) throw new Refusal(`${quoted(relative)} leaves the release.`);
  fileHashes.set(relative, '');
  fileSizes.set(relative, entry.size ?? 0);
  try {
    mkdirSync(path.dirname(target), { recursive: true });
    openFile = openSync(target, 'wx', 0o644);
  } catch {
    throw new Refusal(`${quoted(relative)} could not be written where a folder or a file of that name is.`);
  }
  const file = openFile;
  const hash = createHash('sha256');
  entry.on('data', (/** @type {Buffer} */ chunk) => {
    if (failure) return;
    try {
      for (let written = 0; written < chunk.length;) written += writeSync(file, chunk, written);
    } catch (error) {
      const wrapped = new Error(`${relative.slice(0, 80)} could not be written: ${String(error)}`);
      wrapped.name = 'FileWriteError';
      fail(wrapped);
      return;
    }
    hash.update(chunk);
  });
  entry.on('end', () => {
    if (failure) return;
    closeSync(file);
    openFile = null;
    fileHashes.set(relative, hash.digest('hex'));
  });
}

const parser = new Parser({
  strict: true,
  // the gzip layer is inflated below, where its bytes are counted: the parser is given a plain tar only
  zstd: false,
  brotli: false,
  maxMetaEntrySize: 64 * 1024,
  onReadEntry: (entry) => {
    if (failure) {
      entry.resume();
      return;
    }
    try {
      take(entry);
    } catch (error) {
      entry.resume();
      fail(error);
    }
  },
});
// an entry node-tar passes over (a type it does not know, an extended header over maxMetaEntrySize) is refused
parser.on('ignoredEntry', (/** @type {import('tar').ReadEntry} */ entry) =>
  fail(new Refusal(`${quoted(entry.path)} is a ${entry.type} entry: a release holds files and folders only.`)),
);
parser.on('error', fail);
parser.on('abort', fail);

const gunzip = new Gunzip({});
let firstInflated = true;
gunzip.on('data', (/** @type {Buffer} */ chunk) => {
  if (failure) return;
  inflated += chunk.length;
  if (firstInflated && chunk.length > 0) {
    firstInflated = false;
    // node-tar would inflate a gzip inside the gzip itself, uncounted
    if (gzipMagic.every((byte, index) => chunk[index] === byte))
      return fail(new Refusal('The archive is compressed twice: send one gzip of the tar.'));
  }
  if (inflated > limits.maxInflatedBytes)
    return fail(new Refusal(`The archive inflates to over ${megabytes(limits.maxInflatedBytes)}.`));
  if (inflated > ratioGraceBytes && inflated / received > limits.maxInflateRatio)
    return fail(
      new Refusal(`The archive inflates to over ${limits.maxInflateRatio} times its size: a decompression bomb.`),
    );
  if (parsed + chunk.length > parseUntil)
    return fail(new Refusal('The archive holds data outside its files (after its end, or between its entries).'));
  parsed += chunk.length;
  parser.write(chunk);
});
gunzip.on('error', fail);

/** @param {Uint8Array} bytes */
function feed(bytes) {
  const before = received;
  received += bytes.length;
  if (received > limits.maxArchiveBytes)
    return fail(new Refusal(`The archive is over ${megabytes(limits.maxArchiveBytes)}.`));
  if (before < gzipMagic.length) {
    // the first two bytes, whichever messages they came in
    for (let index = before; index < Math.min(received, gzipMagic.length); index++)
      if (bytes[index - before] !== gzipMagic[index])
        return fail(new Refusal("The body is not a gzip'd tar (it does not start as gzip does)."));
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let offset = 0; offset < buffer.length && !failure; offset += sliceBytes)
    gunzip.write(buffer.subarray(offset, offset + sliceBytes));
}

function finish() {
  if (received === 0) return fail(new Refusal('The archive is empty.'));
  gunzip.end();
  if (failure) return;
  parser.on('end', () => {
    if (failure) return;
    const unfinished = [...fileHashes.values()].some((hash) => hash === '');
    if (unfinished) return fail(new Refusal('The archive could not be read: it ends inside a file.'));
    if (fileHashes.size === 0) return fail(new Refusal('The archive holds no files.'));
    answer({
      kind: 'unpacked',
      files: [...fileHashes].map(([file, hash]) => ({ path: file, sha256: hash, size: fileSizes.get(file) ?? 0 })),
    });
  });
  parser.end();
}

port.on('message', (/** @type {UnpackWorkerMessage} */ message) => {
  if (failure || answered) return;
  try {
    if (message.kind === 'bytes') feed(message.bytes);
    else finish();
  } catch (error) {
    fail(error);
  }
});
