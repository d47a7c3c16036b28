import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import * as z from 'zod/mini';
import { releaseEntryPath } from '@portfolio/parts/release-files';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { releaseArchiveLimits, releaseFileListName, type SectionRelease } from '@portfolio/contracts/section-releases';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { packFolder, unpackedOf } from '../store/release-archive.js';
import { ReleaseFiles } from '../store/release-files.js';
import { serverFetchUrl } from '../renderers/section-url.js';
import { causeOf, sentenceOf } from '../renderers/section-manifests.js';
import { archiveRefused, SectionReleases } from './section-releases.service.js';

/** The file list's own size: every entry at its longest path, with its size and hash. */
const maxListBytes = releaseArchiveLimits.maxEntries * (releaseArchiveLimits.maxPathLength * 6 + 200);
/** Files fetched at once. */
const filesAtOnce = 4;

const fileListSchema = z.object({
  files: z
    .array(
      z.object({
        path: z.string(),
        bytes: z.number().check(z.int(), z.nonnegative()),
        sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
      }),
    )
    .check(z.maxLength(releaseArchiveLimits.maxEntries)),
});

/** Why an import was refused, in a sentence (answered as the archive check's failure, a 422). */
class ImportRefused extends Error {}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * A build at a URL (its remoteEntry.js) taken in as a release of this site by the owner: its file list
 * (`release-files.json`) read beside the entry, then every file it names, each checked against its size and
 * SHA-256 as its bytes arrive, into the store's incoming folder; then kept as an upload is (SectionReleases).
 * Bounded: the list's size and entries, each file's announced size, all files' sum, paths as an archive's, and the
 * whole import's time (RELEASE_IMPORT_MS). Fetched only from the entry's origin (as the server reaches it,
 * SECTION_ORIGINS_FOR_SERVER), and no redirect is followed.
 */
@Injectable()
export class ReleaseImports {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: ReleaseFiles,
    private readonly releases: SectionReleases,
  ) {}

  /** `url` as candidateUrl checked it; `created` false when the same build is a release of this section already. */
  async import(
    name: RemoteName,
    url: string,
    selfOrigin: string,
  ): Promise<{ release: SectionRelease; created: boolean }> {
    const entry = new URL(serverFetchUrl(url, selfOrigin, this.config.sectionOriginsForServer));
    const signal = AbortSignal.timeout(this.config.releaseImportMs);
    const folder = this.files.incoming();
    let fetched;
    try {
      fetched = await this.fetchBuild(entry, folder, signal);
    } catch (error) {
      await this.files.drop({ folder });
      if (error instanceof ImportRefused) throw archiveRefused(error.message);
      if (signal.aborted) throw archiveRefused(this.tooSlow());
      throw error;
    }
    let archive: Buffer | null = null;
    try {
      if (this.files.shared) archive = await packFolder(folder);
    } catch (error) {
      await this.files.drop({ folder });
      throw error;
    }
    return this.releases.imported(name, fetched, archive, url, selfOrigin);
  }

  private tooSlow(): string {
    return `The import took over ${this.config.releaseImportMs / 1000} s (RELEASE_IMPORT_MS), the most it may take.`;
  }

  private async fetchBuild(entry: URL, folder: string, signal: AbortSignal) {
    const listUrl = new URL(releaseFileListName, entry);
    const listBytes = await this.get(listUrl, entry, maxListBytes, signal, 'at most');
    const list = this.readList(listBytes, entry);
    await writeFile(path.join(folder, releaseFileListName), listBytes);
    const queue = [...list];
    // the first file refused stops the others (their fetches aborted, nothing more taken from the queue), and the
    // refusal is answered once every one has stopped writing: the folder is then removed whole, with nothing
    // written into it after
    const stop = new AbortController();
    const fetching = AbortSignal.any([signal, stop.signal]);
    const fetchNext = async (): Promise<void> => {
      for (let file = queue.shift(); file && !stop.signal.aborted; file = queue.shift()) {
        const encoded = file.path.split('/').map(encodeURIComponent).join('/');
        const bytes = await this.get(new URL(encoded, entry), entry, file.bytes, fetching, 'exactly');
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        if (sha256 !== file.sha256)
          throw new ImportRefused(`"${file.path.slice(0, 80)}" does not match its SHA-256 in ${releaseFileListName}.`);
        const target = path.join(folder, file.path);
        try {
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, bytes, { flag: 'wx' });
        } catch {
          throw new ImportRefused(
            `"${file.path.slice(0, 80)}" could not be written where a folder or a file of that name is.`,
          );
        }
      }
    };
    let refusal: unknown = null;
    const outcomes = await Promise.allSettled(
      Array.from({ length: filesAtOnce }, () =>
        fetchNext().catch((error: unknown) => {
          // the first one's reason: the others' are only that they were stopped
          if (!stop.signal.aborted) {
            refusal = error;
            stop.abort();
          }
          throw error;
        }),
      ),
    );
    if (outcomes.some((outcome) => outcome.status === 'rejected')) throw refusal;
    const listFile = { path: releaseFileListName, sha256: createHash('sha256').update(listBytes).digest('hex') };
    return unpackedOf(folder, [
      ...list.map((file) => ({ path: file.path, sha256: file.sha256, size: file.bytes })),
      { ...listFile, size: listBytes.length },
    ]);
  }

  /** The list, its paths checked as an archive's entries are, and its sizes against the limits. */
  private readList(bytes: Buffer, entry: URL): Array<{ path: string; bytes: number; sha256: string }> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new ImportRefused(`Its ${releaseFileListName} is not JSON.`);
    }
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      Array.isArray((parsed as { files?: unknown }).files) &&
      (parsed as { files: unknown[] }).files.length > releaseArchiveLimits.maxEntries
    )
      throw new ImportRefused(
        `Its ${releaseFileListName} lists over ${releaseArchiveLimits.maxEntries} files, the most a release may hold.`,
      );
    const result = z.safeParse(fileListSchema, parsed);
    if (!result.success)
      throw new ImportRefused(
        `Its ${releaseFileListName} is not a file list ({ files: [{ path, bytes, sha256 }] }): ${z.prettifyError(result.error).split('\n').join(' ').slice(0, 200)}`,
      );
    const seen = new Set<string>([releaseFileListName]);
    const files = result.data.files.map((file) => {
      const checked = releaseEntryPath(file.path, releaseArchiveLimits.maxPathLength);
      if ('refused' in checked)
        throw new ImportRefused(
          `Its ${releaseFileListName} names a file that ${checked.refused.replace(/^"/, 'is "')}`,
        );
      if (seen.has(checked.path) || checked.path === '')
        throw new ImportRefused(`Its ${releaseFileListName} names "${checked.path.slice(0, 80)}" twice.`);
      seen.add(checked.path);
      return { ...file, path: checked.path };
    });
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    if (total > releaseArchiveLimits.maxUnpackedBytes)
      throw new ImportRefused(
        `Its files take ${megabytes(total)}, over the ${megabytes(releaseArchiveLimits.maxUnpackedBytes)} a release may hold.`,
      );
    const entryFile = decodeURIComponent(entry.pathname.split('/').pop() ?? '');
    if (!seen.has(entryFile))
      throw new ImportRefused(`Its ${releaseFileListName} does not list the entry, "${entryFile.slice(0, 80)}".`);
    return files;
  }

  /**
   * One file's bytes, at most `limit` (and, `exactly`, no fewer): from the entry's origin, no redirect followed,
   * the body counted as it arrives and cut off at the first byte over.
   */
  private async get(
    url: URL,
    entry: URL,
    limit: number,
    signal: AbortSignal,
    size: 'exactly' | 'at most',
  ): Promise<Buffer> {
    const shown = `"${decodeURIComponent(url.pathname.slice(new URL('.', entry).pathname.length)).slice(0, 80)}"`;
    if (url.origin !== entry.origin) throw new ImportRefused(`${shown} is not on the entry's origin.`);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal });
    } catch (error) {
      if (signal.aborted) throw new ImportRefused(this.tooSlow());
      throw new ImportRefused(`${shown} could not be fetched: ${sentenceOf(causeOf(error))}.`);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new ImportRefused(`${shown} answered a redirect (${response.status}): an import follows none.`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ImportRefused(`${shown} answered ${response.status}.`);
    }
    const chunks: Buffer[] = [];
    let received = 0;
    try {
      // leaving the loop (a throw) cancels the body: nothing more is read
      for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
        received += chunk.length;
        if (received > limit)
          throw new ImportRefused(
            size === 'exactly'
              ? `${shown} sends more than the ${limit} bytes ${releaseFileListName} says it has.`
              : `${shown} is over ${megabytes(limit)}.`,
          );
        chunks.push(Buffer.from(chunk));
      }
    } catch (error) {
      if (error instanceof ImportRefused) throw error;
      if (signal.aborted) throw new ImportRefused(this.tooSlow());
      throw new ImportRefused(`${shown} could not be read whole: ${sentenceOf(causeOf(error))}.`);
    }
    if (size === 'exactly' && received !== limit)
      throw new ImportRefused(`${shown} has ${received} bytes where ${releaseFileListName} says ${limit}.`);
    return Buffer.concat(chunks);
  }
}
