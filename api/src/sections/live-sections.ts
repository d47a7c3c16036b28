import { readFileSync, statSync } from 'node:fs';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import { parseRemotesConfig } from '@portfolio/contracts/remotes-config';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { Queries } from '../storage/database.js';
import { DATABASE, type Database } from '../storage/database.js';
import { writeSectionUrl } from './remotes-json-file.js';

/** How long a replica keeps the database's live sections before asking again: pages never wait on it. */
export const liveSectionsCacheMs = 1000;

interface FileState {
  stamp: string;
  entries: Record<string, unknown> | null;
}

/**
 * Where each section is live, for every visitor. Without DATABASE_URL: the served remotes.json (read
 * again whenever it changes, so a hand edit is followed; written atomically). With DATABASE_URL: table
 * live_sections, shared by every replica, a row per section the owner has promoted; a section without
 * a row is where remotes.json says.
 */
@Injectable()
export class LiveSections {
  readonly storage: SectionsOverview['storage'];
  private readonly filePath: string | null;
  private file: FileState = { stamp: '', entries: null };
  private rows: { at: number; value: Promise<Record<string, string>> } | null = null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    this.storage = config.databaseUrl ? 'database' : 'remotes.json';
    this.filePath = config.remotesJson;
  }

  /** The live configuration, or null when a section has no URL anywhere (remotes.json missing or broken). */
  async current(): Promise<RemotesConfig | null> {
    try {
      return parseRemotesConfig(await this.entries());
    } catch {
      return null;
    }
  }

  /** Every URL there is, complete or not: the CSP allows their origins even while a section has none. */
  async entries(): Promise<Record<string, unknown>> {
    const fromFile = this.readFile();
    return this.storage === 'database' ? { ...fromFile, ...(await this.cachedRows()) } : { ...fromFile };
  }

  /**
   * Makes `url` live for `name`, for everyone at once; `record` runs in the same transaction (database)
   * or just before the file is replaced, and is given the URL that was live until now.
   */
  async set(name: RemoteName, url: string, record: (tx: Queries, from: string) => Promise<void>): Promise<void> {
    if (this.storage === 'database') {
      await this.database.transaction(async (tx) => {
        // one change of a section at a time across replicas: the row (made if missing) is locked
        await tx.query('select pg_advisory_xact_lock($1)', [liveSectionsLock + remoteNames.indexOf(name)]);
        const [row] = await tx.query<{ url: string }>('select url from live_sections where name = $1', [name]);
        await record(tx, row?.url ?? this.fileUrl(name));
        await tx.query(
          `insert into live_sections (name, url) values ($1, $2)
           on conflict (name) do update set url = excluded.url, changed_at = now()`,
          [name, url],
        );
      });
      this.rows = null;
      return;
    }
    if (!this.filePath)
      throw new ConflictException({
        message: 'This server has no remotes.json to change (SERVE_SITE=false and no REMOTES_JSON).',
      });
    const filePath = this.filePath;
    await this.database.transaction(async (tx) => {
      await record(tx, this.fileUrl(name));
      writeSectionUrl(filePath, name, url);
    });
  }

  private fileUrl(name: RemoteName): string {
    const value = this.readFile()?.[name];
    return typeof value === 'string' ? value : '';
  }

  /** remotes.json as it is on disk now; re-read when its modification time, size or inode changes. */
  private readFile(): Record<string, unknown> | null {
    if (!this.filePath) return null;
    try {
      const stat = statSync(this.filePath);
      const stamp = `${stat.mtimeMs} ${stat.size} ${stat.ino}`;
      if (stamp !== this.file.stamp) {
        const parsed: unknown = JSON.parse(readFileSync(this.filePath, 'utf8'));
        const entries =
          typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : null;
        this.file = { stamp, entries };
      }
    } catch {
      this.file = { stamp: '', entries: null };
    }
    return this.file.entries;
  }

  private cachedRows(): Promise<Record<string, string>> {
    const now = Date.now();
    if (!this.rows || now - this.rows.at > liveSectionsCacheMs) {
      const value = this.database
        .query<{ name: string; url: string }>('select name, url from live_sections')
        .then((rows) => Object.fromEntries(rows.map((row) => [row.name, row.url])));
      this.rows = { at: now, value };
      // a failed read is tried again by the next request, not kept for a second
      value.catch(() => {
        if (this.rows?.value === value) this.rows = null;
      });
    }
    return this.rows.value;
  }
}

/** Advisory locks of section changes: one number per section, away from the migration's. */
const liveSectionsLock = 8_150_300;
