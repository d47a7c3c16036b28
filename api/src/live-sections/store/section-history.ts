import { Inject, Injectable } from '@nestjs/common';
import type { GuardFigures } from '@portfolio/contracts/experiments';
import type { SectionChange } from '@portfolio/contracts/owner';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { DATABASE, type Database, type Queries } from '../../storage/database.js';
import { parseJson } from '../../storage/json-column.js';

/** How many changes the owner's page lists. */
const historyShown = 50;

interface ChangeRow {
  section: RemoteName;
  action: SectionChange['action'];
  from_url: string;
  to_url: string;
  changed_at: Date;
  note: string | null;
  changed_by: string;
  figures: string | null;
}

/** Who made a change (SectionChange.by): one wording for each. */
export const byOwner = 'the owner';
export const byGuard = 'the guard';
export const bySite = 'the site';
export const byToken = (name: string): string => `token "${name}"`;

/**
 * Every change of a section, in table section_history (both storages): uploads, preview links, promotes, roll
 * backs, experiments and rollouts; when, which section, from, to, who, why (the note), and for the guard's
 * decisions its figures at that moment.
 */
@Injectable()
export class SectionHistory {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async record(tx: Queries, change: Omit<SectionChange, 'at'>): Promise<void> {
    await tx.query(
      `insert into section_history (section, action, from_url, to_url, note, changed_by, figures)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        change.section,
        change.action,
        change.from,
        change.to,
        change.note?.slice(0, 1000) ?? null,
        change.by,
        change.figures ? JSON.stringify(change.figures) : null,
      ],
    );
  }

  /** A preview link made (by the owner, or for a token's upload), valid until `expiresAt`. */
  recordPreview(section: RemoteName, url: string, expiresAt: Date, by: string): Promise<void> {
    return this.record(this.database, {
      section,
      action: 'preview link made',
      from: '',
      to: url,
      note: `valid until ${expiresAt.toISOString()}`,
      by,
    });
  }

  /** Newest first. */
  async recent(): Promise<SectionChange[]> {
    const rows = await this.database.query<ChangeRow>(
      `select section, action, from_url, to_url, changed_at, note, changed_by, figures from section_history
       order by id desc limit $1`,
      [historyShown],
    );
    return rows.map((row) => ({
      section: row.section,
      action: row.action,
      from: row.from_url,
      to: row.to_url,
      at: new Date(row.changed_at).toISOString(),
      note: row.note,
      by: row.changed_by,
      figures: row.figures ? parseJson<GuardFigures | null>(row.figures, null) : null,
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
