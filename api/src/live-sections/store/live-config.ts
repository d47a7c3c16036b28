import { readFileSync, statSync } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import { parseRemotesConfig } from '@portfolio/contracts/remotes-config';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DATABASE, type Database, type Queries } from '../../storage/database.js';

/** How long a replica keeps the database's live sections before asking again: pages never wait on it. */
export const liveSectionsCacheMs = 1000;

/** Advisory locks of section changes: one number per section, away from the migration's. */
const liveSectionsLock = 8_150_300;

interface FileState {
  stamp: string;
  entries: Record<string, unknown> | null;
}

/**
 * Where each section is live, for every visitor: table live_sections (PostgreSQL shared by every replica,
 * or the embedded PGlite), a row per section promoted or released; a section without a row is where
 * remotes.json says (read again whenever it changes, never written: a shell build may replace it).
 * The only reader of either.
 */
@Injectable()
export class LiveConfig {
  /** the table, on PostgreSQL or the embedded PGlite alike (remotes.json is only the default) */
  readonly storage: SectionsOverview['storage'] = 'database';
  private readonly filePath: string | null;
  private file: FileState = { stamp: '', entries: null };
  /** the table's rows, one entry; a failed read is not kept, so the next request tries again */
  private readonly rows = new LRUCache<'rows', Record<string, string>>({
    max: 1,
    ttl: liveSectionsCacheMs,
    fetchMethod: async () => {
      const rows = await this.database.query<{ name: string; url: string }>('select name, url from live_sections');
      return Object.fromEntries(rows.map((row) => [row.name, row.url]));
    },
  });

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    this.filePath = config.remotesJson;
  }

  /** The live configuration, or null when a section has no URL anywhere (remotes.json missing or broken). */
  async current(): Promise<RemotesConfig | null> {
    return completeConfig(await this.entries());
  }

  /** Every URL there is, complete or not: the CSP allows their origins even while a section has none. */
  async entries(): Promise<Record<string, unknown>> {
    const fromFile = this.readFile();
    return { ...fromFile, ...(await this.rows.fetch('rows')) };
  }

  /** remotes.json alone: what the site starts from when the database does not answer. */
  fileEntries(): Record<string, unknown> {
    return { ...this.readFile() };
  }

  /**
   * Makes `url` live for `name`, for everyone at once; `record` runs in the same transaction and is given
   * the URL that was live until now.
   */
  async set(name: RemoteName, url: string, record: (tx: Queries, from: string) => Promise<void>): Promise<void> {
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
    this.rows.clear();
  }

  /**
   * Runs `work` in one transaction while the section's live URL cannot change (the lock `set` takes), given
   * that URL: what must not happen to the live release (its deletion) is decided on what stays live meanwhile.
   */
  async whileUnchanged<T>(name: RemoteName, work: (tx: Queries, liveUrl: string) => Promise<T>): Promise<T> {
    return this.database.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [liveSectionsLock + remoteNames.indexOf(name)]);
      const [row] = await tx.query<{ url: string }>('select url from live_sections where name = $1', [name]);
      return work(tx, row?.url ?? this.fileUrl(name));
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
}

/** Entries with a URL for every section, or null. */
export function completeConfig(entries: Record<string, unknown>): RemotesConfig | null {
  try {
    return parseRemotesConfig(entries);
  } catch {
    return null;
  }
}

/** The origins of the absolute URLs among `entries` (the CSP allows them); relative ones are the site's own. */
export function originsIn(entries: Record<string, unknown>): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(entries)) {
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) continue;
    try {
      origins.add(new URL(value).origin);
    } catch {
      // not a URL: the shell will report that remote as unavailable
    }
  }
  return [...origins];
}
