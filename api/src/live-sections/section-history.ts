import { Inject, Injectable } from '@nestjs/common';
import type { SectionChange } from '@portfolio/contracts/owner';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { DATABASE, type Database, type Queries } from '../storage/database.js';

/** How many changes the owner's page lists. */
const historyShown = 50;

interface ChangeRow {
  section: RemoteName;
  action: SectionChange['action'];
  from_url: string;
  to_url: string;
  changed_at: Date;
  note: string | null;
}

/** Every promote and roll back, in table section_history (both storages): when, which section, from, to. */
@Injectable()
export class SectionHistory {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async record(tx: Queries, change: Omit<SectionChange, 'at'>): Promise<void> {
    await tx.query(
      'insert into section_history (section, action, from_url, to_url, note) values ($1, $2, $3, $4, $5)',
      [change.section, change.action, change.from, change.to, change.note ?? null],
    );
  }

  /** Newest first. */
  async recent(): Promise<SectionChange[]> {
    const rows = await this.database.query<ChangeRow>(
      'select section, action, from_url, to_url, changed_at, note from section_history order by id desc limit $1',
      [historyShown],
    );
    return rows.map((row) => ({
      section: row.section,
      action: row.action,
      from: row.from_url,
      to: row.to_url,
      at: new Date(row.changed_at).toISOString(),
      note: row.note,
    }));
  }

  /**
   * Where a roll back of `section` goes: the URL that was live before the latest change that made `liveUrl`
   * live. Null when no recorded change made it live (never changed here, or moved by hand since).
   */
  async previousUrl(section: RemoteName, liveUrl: string, queries: Queries = this.database): Promise<string | null> {
    const [row] = await queries.query<{ from_url: string }>(
      `select from_url from section_history where section = $1 and to_url = $2 and from_url <> ''
       and action in ('promote', 'roll back')
       order by id desc limit 1`,
      [section, liveUrl],
    );
    return row?.from_url ?? null;
  }
}
