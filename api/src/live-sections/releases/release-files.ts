import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { serverManifestPath } from '@portfolio/parts';
import { releaseIdPattern } from '@portfolio/contracts/section-releases';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DATABASE, type Database } from '../../storage/database.js';
import { copyFolder, unpackArchive, type UnpackedArchive } from './release-archive.js';

/** A release's version and build time, from its server manifest (the archive check has read it). */
export function releaseManifest(folder: string): { version: string; builtAt: string | null } {
  const manifest = JSON.parse(readFileSync(path.join(folder, serverManifestPath), 'utf8')) as {
    version: string;
    builtAt?: unknown;
  };
  const builtAt = typeof manifest.builtAt === 'string' ? new Date(manifest.builtAt) : null;
  return {
    version: manifest.version,
    builtAt: builtAt && !Number.isNaN(builtAt.getTime()) ? builtAt.toISOString() : null,
  };
}

/**
 * Where releases' files are: DATA_DIR/releases/<name>/<id>/, each written to a folder beside it and renamed
 * into place (a reader sees all of a release or none). With DATABASE_URL the archive is also kept in its
 * row (section_releases.archive), and a replica without the folder unpacks it from there on first request.
 */
@Injectable()
export class ReleaseFiles {
  readonly root: string;
  private readonly unpacking = new Map<string, Promise<string | null>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    this.root = path.join(config.dataDir, 'releases');
  }

  /** Whether the archives go to the database too (replicas share it). */
  get shared(): boolean {
    return this.config.databaseUrl !== null;
  }

  /** An upload unpacked beside the store, not in it yet: checked first, then kept or dropped. */
  unpack(archive: Buffer): Promise<UnpackedArchive> {
    return unpackArchive(archive, this.root);
  }

  /** A folder of this machine copied beside the store as a release (the first start's import). */
  copy(source: string): UnpackedArchive {
    return copyFolder(source, this.root);
  }

  /** Moves an unpacked upload into place; the same content already there is kept as it is. */
  keep(name: RemoteName, unpacked: UnpackedArchive): string {
    const folder = this.folderPath(name, unpacked.id);
    if (existsSync(folder)) {
      rmSync(unpacked.folder, { recursive: true, force: true });
      return folder;
    }
    mkdirSync(path.dirname(folder), { recursive: true });
    renameSync(unpacked.folder, folder);
    return folder;
  }

  drop(unpacked: UnpackedArchive): void {
    rmSync(unpacked.folder, { recursive: true, force: true });
  }

  remove(name: RemoteName, id: string): void {
    rmSync(this.folderPath(name, id), { recursive: true, force: true });
  }

  /**
   * The release's folder on this replica, unpacked from the database when only the database has it;
   * null for a release this site does not have.
   */
  async folder(name: RemoteName, id: string): Promise<string | null> {
    if (!releaseIdPattern.test(id)) return null;
    const folder = this.folderPath(name, id);
    if (existsSync(folder)) return folder;
    if (!this.shared) return null;
    const key = `${name}/${id}`;
    let pending = this.unpacking.get(key);
    if (!pending) {
      pending = this.fromDatabase(name, id).finally(() => this.unpacking.delete(key));
      this.unpacking.set(key, pending);
    }
    return pending;
  }

  /** Where a release's folder is or would be (its name checked by the caller). */
  folderPath(name: RemoteName, id: string): string {
    return path.join(this.root, name, id);
  }

  private async fromDatabase(name: RemoteName, id: string): Promise<string | null> {
    const [row] = await this.database.query<{ archive: Uint8Array | null }>(
      'select archive from section_releases where section = $1 and id = $2',
      [name, id],
    );
    if (!row?.archive) return null;
    const unpacked = await this.unpack(Buffer.from(row.archive));
    if (unpacked.id !== id) {
      this.drop(unpacked);
      throw new Error(`release ${name}/${id}: the stored archive unpacks to ${unpacked.id}`);
    }
    return this.keep(name, unpacked);
  }
}
