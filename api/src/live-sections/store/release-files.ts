import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { serverManifestPath } from '@portfolio/parts';
import { oneLine } from '@portfolio/contracts/plain-text';
import { releaseArchiveLimits, releaseIdPattern } from '@portfolio/contracts/section-releases';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DATABASE, type Database } from '../../storage/database.js';
import { readServerManifest } from './build-manifests.js';
import { liveSectionsCacheMs } from './live-config.js';
import { ArchiveUnpacking, copyFolder, incomingFolder, type UnpackedArchive } from './release-archive.js';

/** A release's version and build time, from its server manifest (the archive check has read it). */
export function releaseManifest(folder: string): { version: string; builtAt: string | null } {
  const { version, builtAt } = readServerManifest(folder);
  return { version, builtAt };
}

/**
 * What is wrong with the version a release's server manifest names, in a sentence, or null (also when the
 * manifest cannot be read: the archive check says so). It is stored and shown: one line, not too long.
 */
export function versionProblem(folder: string): string | null {
  let version: string;
  try {
    ({ version } = readServerManifest(folder));
  } catch {
    return null;
  }
  if (!oneLine.test(version)) return `Its ${serverManifestPath} names a version with a control character.`;
  if (version.length > releaseArchiveLimits.maxVersionLength)
    return `Its ${serverManifestPath} names a version over ${releaseArchiveLimits.maxVersionLength} characters.`;
  return null;
}

/** A release folder without a row this old is what an upload or a start left when its process ended: removed. */
const strayAfterMs = 10 * 60_000;
/**
 * How long a replica trusts that a release it serves is still kept (another replica may delete it): as long as
 * it trusts the live sections it read (a replica may be this much behind another).
 */
const keptCacheMs = liveSectionsCacheMs;

/**
 * Where releases' files are: DATA_DIR/releases/<name>/<id>/, each unpacked into a folder beside it and renamed
 * into place (a reader sees all of a release or none). With DATABASE_URL the archive is also kept in its
 * row (section_releases.archive), and a replica without the folder unpacks it from there on first request.
 * A folder is served only while its release has a row (or while its upload is checked on this server): files
 * and row go together, and a folder a failed upload or a stopped process left behind is swept away.
 */
@Injectable()
export class ReleaseFiles implements OnApplicationBootstrap {
  readonly root: string;
  private readonly logger = new Logger('Releases');
  private readonly unpacking = new Map<string, Promise<string | null>>();
  /** releases in place on this server whose upload is still being checked: no row yet */
  private readonly pending = new Set<string>();
  /** releases known to have a row, for a few seconds */
  private readonly kept = new LRUCache<string, true>({
    max: 1000,
    ttl: keptCacheMs,
    fetchMethod: async (key) => {
      const [name, id] = key.split('/');
      const rows = await this.database.query('select 1 from section_releases where section = $1 and id = $2', [
        name,
        id,
      ]);
      return rows.length > 0 ? true : undefined;
    },
  });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    this.root = path.join(config.dataDir, 'releases');
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep().catch((error: unknown) =>
      this.logger.warn(`the release folders were not swept: ${String(error)}`),
    );
  }

  /** Whether the archives go to the database too (replicas share it). */
  get shared(): boolean {
    return this.config.databaseUrl !== null;
  }

  /** An upload to unpack beside the store as its bytes arrive (its body kept too where replicas need it). */
  unpack(): ArchiveUnpacking {
    return new ArchiveUnpacking(this.root, this.shared);
  }

  /** A new folder beside the store for a release's files as they arrive (an import's); `drop` it if not kept. */
  incoming(): string {
    return incomingFolder(this.root);
  }

  /** A folder of this machine copied beside the store as a release (the first start's import). */
  copy(source: string): UnpackedArchive {
    return copyFolder(source, this.root);
  }

  /**
   * Moves an unpacked upload into place, pending until `settle` (its row written, or its files removed); the
   * same content already there is kept as it is. Whether it was in place before.
   */
  keep(name: RemoteName, unpacked: UnpackedArchive): { folder: string; existed: boolean } {
    const folder = this.folderPath(name, unpacked.id);
    this.pending.add(`${name}/${unpacked.id}`);
    if (existsSync(folder)) {
      rmSync(unpacked.folder, { recursive: true, force: true });
      return { folder, existed: true };
    }
    mkdirSync(path.dirname(folder), { recursive: true });
    renameSync(unpacked.folder, folder);
    return { folder, existed: false };
  }

  /** The upload of this release has an answer: its row is written, or its files were removed. */
  settle(name: RemoteName, id: string): void {
    this.pending.delete(`${name}/${id}`);
  }

  /** Whether an upload of this release is being checked on this server now. */
  isPending(name: RemoteName, id: string): boolean {
    return this.pending.has(`${name}/${id}`);
  }

  async drop(unpacked: Pick<UnpackedArchive, 'folder'>): Promise<void> {
    await rm(unpacked.folder, { recursive: true, force: true });
  }

  async remove(name: RemoteName, id: string): Promise<void> {
    this.kept.delete(`${name}/${id}`);
    await rm(this.folderPath(name, id), { recursive: true, force: true });
  }

  /**
   * The release's folder on this replica, unpacked from the database when only the database has it;
   * null for a release this site does not keep (no row: never uploaded, refused, or deleted).
   */
  async folder(name: RemoteName, id: string): Promise<string | null> {
    if (!releaseIdPattern.test(id)) return null;
    const folder = this.folderPath(name, id);
    const key = `${name}/${id}`;
    if (this.pending.has(key)) return existsSync(folder) ? folder : null;
    if (existsSync(folder)) return (await this.kept.fetch(key)) ? folder : null;
    if (!this.shared) return null;
    let pending = this.unpacking.get(key);
    if (!pending) {
      pending = this.fromDatabase(name, id).finally(() => this.unpacking.delete(key));
      this.unpacking.set(key, pending);
    }
    return pending;
  }

  /**
   * A file of a release kept by this site, by its path inside the release (decoded), with its size: null when the
   * release is not kept, the path leads out of its folder, or there is no such file. The one way the server reads a
   * release's own files (its manifests for pages and checks, its server code for renderers): from here, never over
   * HTTP from itself.
   */
  async file(name: RemoteName, id: string, file: string): Promise<{ path: string; bytes: number } | null> {
    if (file.includes('\0')) return null;
    const folder = await this.folder(name, id);
    if (!folder) return null;
    const base = path.resolve(folder);
    const full = path.resolve(base, file);
    if (!full.startsWith(base + path.sep)) return null;
    const found = await stat(full).catch(() => null);
    return found?.isFile() ? { path: full, bytes: found.size } : null;
  }

  /** Where a release's folder is or would be (its name checked by the caller). */
  folderPath(name: RemoteName, id: string): string {
    return path.join(this.root, name, id);
  }

  /**
   * Removes what no row stands for, once it is old enough not to be an upload under way (here or on a replica
   * sharing the folder): unpacking folders, and release folders of releases not kept.
   */
  async sweep(now = Date.now()): Promise<string[]> {
    const rows = await this.database.query<{ section: string; id: string }>('select section, id from section_releases');
    const kept = new Set(rows.map((row) => `${row.section}/${row.id}`));
    const stale = async (folder: string) => now - (await stat(folder)).mtimeMs > strayAfterMs;
    const removed: string[] = [];
    const list = async (folder: string) => readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of await list(this.root)) {
      if (!entry.isDirectory()) continue;
      const inRoot = path.join(this.root, entry.name);
      if (entry.name.startsWith('.incoming-')) {
        if (await stale(inRoot)) removed.push(entry.name);
        continue;
      }
      for (const release of await list(inRoot)) {
        const key = `${entry.name}/${release.name}`;
        if (
          release.isDirectory() &&
          !kept.has(key) &&
          !this.pending.has(key) &&
          (await stale(path.join(inRoot, release.name)))
        )
          removed.push(key);
      }
    }
    for (const folder of removed) await rm(path.join(this.root, folder), { recursive: true, force: true });
    if (removed.length > 0) this.logger.warn(`removed release folders no release stands for: ${removed.join(', ')}`);
    return removed;
  }

  private async fromDatabase(name: RemoteName, id: string): Promise<string | null> {
    const [row] = await this.database.query<{ archive: Uint8Array | null }>(
      'select archive from section_releases where section = $1 and id = $2',
      [name, id],
    );
    if (!row?.archive) return null;
    const archive = Buffer.from(row.archive);
    const unpacking = new ArchiveUnpacking(this.root, false);
    for (let offset = 0; offset < archive.length; offset += 64 * 1024)
      unpacking.write(archive.subarray(offset, offset + 64 * 1024));
    const { unpacked } = await unpacking.end();
    if (unpacked.id !== id) {
      await this.drop(unpacked);
      throw new Error(`release ${name}/${id}: the stored archive unpacks to ${unpacked.id}`);
    }
    const { folder } = this.keep(name, unpacked);
    this.settle(name, id);
    return folder;
  }
}
