import { Inject, Injectable } from '@nestjs/common';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import {
  releaseEntryUrl,
  type ReleaseCheck,
  type ReleaseUploader,
  type SectionRelease,
} from '@portfolio/contracts/section-releases';
import { DATABASE, type Database, type Queries } from '../../storage/database.js';
import { parseJson } from '../../storage/json-column.js';

interface ReleaseRow {
  section: RemoteName;
  id: string;
  version: string;
  built_at: Date | null;
  uploaded_at: Date;
  uploaded_by: string;
  note: string | null;
  checks: string;
  disk_bytes: string | number;
}

/** A release as recorded, before it is told whether and when it was live. */
export interface StoredRelease {
  section: RemoteName;
  id: string;
  version: string;
  builtAt: string | null;
  uploadedBy: ReleaseUploader;
  note: string | null;
  checks: ReleaseCheck[];
}

type Period = SectionRelease['livePeriods'][number];

const columns = 'section, id, version, built_at, uploaded_at, uploaded_by, note, checks, disk_bytes';
const iso = (value: Date | string) => new Date(value).toISOString();

/** Every check passed; a skipped browser check (no Chromium) does not fail a release. */
export const checksPass = (checks: readonly ReleaseCheck[]): boolean =>
  checks.every((check) => check.outcome !== 'failed');

/**
 * Table section_releases: one row per kept release (the archive too with DATABASE_URL). When a release was
 * live is not stored twice: it is read from section_history, whose promotes, roll backs and first releases name the
 * URL made live.
 */
@Injectable()
export class ReleasesTable {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** `stored`: whose upload it was (null: the owner's) and what its files take on disk. */
  async insert(
    release: StoredRelease,
    archive: Buffer | null,
    stored: { tokenId: number | null; diskBytes: number },
    queries: Queries = this.database,
  ): Promise<void> {
    await queries.query(
      `insert into section_releases (section, id, version, built_at, uploaded_by, note, checks, archive, token_id, disk_bytes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (section, id) do nothing`,
      [
        release.section,
        release.id,
        release.version,
        release.builtAt,
        JSON.stringify(release.uploadedBy),
        release.note,
        JSON.stringify(release.checks),
        archive,
        stored.tokenId,
        stored.diskBytes,
      ],
    );
  }

  /** What the releases a deploy token uploaded, and the site keeps, take on disk. */
  async keptBytes(tokenId: number, queries: Queries = this.database): Promise<number> {
    const [row] = await queries.query<{ bytes: string | number | null }>(
      'select coalesce(sum(disk_bytes), 0) as bytes from section_releases where token_id = $1',
      [tokenId],
    );
    return Number(row?.bytes ?? 0);
  }

  async setChecks(section: RemoteName, id: string, checks: readonly ReleaseCheck[]): Promise<void> {
    await this.database.query('update section_releases set checks = $3 where section = $1 and id = $2', [
      section,
      id,
      JSON.stringify(checks),
    ]);
  }

  async setNote(section: RemoteName, id: string, note: string): Promise<void> {
    await this.database.query('update section_releases set note = $3 where section = $1 and id = $2', [
      section,
      id,
      note,
    ]);
  }

  /** Whether there was such a row. */
  async remove(section: RemoteName, id: string, queries: Queries = this.database): Promise<boolean> {
    const rows = await queries.query('delete from section_releases where section = $1 and id = $2 returning id', [
      section,
      id,
    ]);
    return rows.length > 0;
  }

  async find(section: RemoteName, id: string): Promise<StoredRelease | null> {
    const [row] = await this.database.query<ReleaseRow>(
      `select ${columns} from section_releases where section = $1 and id = $2`,
      [section, id],
    );
    return row ? this.fromRow(row).release : null;
  }

  /** Newest first, with when each was uploaded and what it takes on disk. */
  async list(section: RemoteName): Promise<Array<{ release: StoredRelease; uploadedAt: string; diskBytes: number }>> {
    const rows = await this.database.query<ReleaseRow>(
      `select ${columns} from section_releases where section = $1 order by uploaded_at desc, id`,
      [section],
    );
    return rows.map((row) => this.fromRow(row));
  }

  /** Each URL the section had, and when: from section_history, oldest change first. */
  async periods(section: RemoteName, queries: Queries = this.database): Promise<Map<string, Period[]>> {
    const changes = await queries.query<{ to_url: string; changed_at: Date }>(
      // its other rows (uploads, preview links, experiments and rollouts) made nothing live
      `select to_url, changed_at from section_history where section = $1 and action in ('promote', 'roll back', 'first release')
       order by id`,
      [section],
    );
    const periods = new Map<string, Period[]>();
    changes.forEach((change, index) => {
      const next = changes[index + 1];
      const list = periods.get(change.to_url) ?? [];
      list.unshift({ from: iso(change.changed_at), until: next ? iso(next.changed_at) : null });
      periods.set(change.to_url, list);
    });
    return periods;
  }

  /** The contract's view of a release: its checks' verdict, its URL, and whether and when it was live. */
  describe(
    release: StoredRelease,
    { uploadedAt, diskBytes }: { uploadedAt: string; diskBytes: number },
    liveUrl: string | null,
    periods: ReadonlyMap<string, Period[]>,
  ): SectionRelease {
    const entryUrl = releaseEntryUrl(release.section, release.id);
    return {
      ...release,
      uploadedAt,
      diskBytes,
      ok: checksPass(release.checks),
      entryUrl,
      live: liveUrl === entryUrl,
      livePeriods: periods.get(entryUrl) ?? [],
    };
  }

  private fromRow(row: ReleaseRow): { release: StoredRelease; uploadedAt: string; diskBytes: number } {
    return {
      release: {
        section: row.section,
        id: row.id,
        version: row.version,
        builtAt: row.built_at ? iso(row.built_at) : null,
        uploadedBy: parseJson<ReleaseUploader>(row.uploaded_by, { kind: 'owner' }),
        note: row.note,
        checks: parseJson<ReleaseCheck[]>(row.checks, []),
      },
      uploadedAt: iso(row.uploaded_at),
      diskBytes: Number(row.disk_bytes),
    };
  }
}
