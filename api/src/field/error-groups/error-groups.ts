import { Inject, Injectable } from '@nestjs/common';
import { sectionOfRoute } from '@portfolio/parts';
import {
  errorGroupLimits,
  type ErrorFrame,
  type ErrorGroup,
  type ErrorGroups,
  type FieldEvent,
} from '@portfolio/contracts/field-events';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { LiveSections } from '../../live-sections/live-sections.service.js';
import { DATABASE, type Database, type Queries } from '../../storage/database.js';
import { parseJson } from '../../storage/json-column.js';
import type { PageView } from '../page-view-proofs.js';
import { fingerprintOf, normalizedMessage } from './error-fingerprint.js';
import { ReleaseSourceMaps } from './release-source-maps.js';

/** An error of a beacon, fingerprinted: what error_groups and error_daily get. */
export interface ReportedError {
  section: RemoteName;
  build: string;
  fingerprint: string;
  message: string;
  frames: ErrorFrame[];
}

/** Error groups are read over this many days (the daily aggregates' `aggregateDays` keeps them longer). */
const errorGroupDays = 90;

interface GroupRow {
  section: string;
  build: string;
  fingerprint: string;
  count: number;
  visitors: number;
  message: string;
  frames: string;
  first_build: string;
  first_seen: string | Date;
  /** reported from the section's live build at least once */
  live_had: boolean;
}

/**
 * Errors grouped per release (docs/architecture.md "Error groups"): the beacons' errors of a section's code
 * fingerprinted (error-fingerprint.ts, through the release's maps: release-source-maps.ts) as they arrive, counted per
 * day and build with the page views that reported them, and read for the owner's pages.
 */
@Injectable()
export class ErrorGroupsService {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly maps: ReleaseSourceMaps,
    private readonly live: LiveSections,
  ) {}

  /** The errors of a beacon's events that count against a section's build, fingerprinted. */
  async fingerprint(events: readonly FieldEvent[], view: PageView): Promise<ReportedError[]> {
    const reported: ReportedError[] = [];
    for (const event of events) {
      if (event.kind !== 'error') continue;
      const section = sectionOfRoute(event.route);
      const build = section ? view.builds[section] : undefined;
      if (!section || !build) continue;
      const frames = await this.maps.frames(section, build, event.stack);
      reported.push({
        section,
        build,
        fingerprint: fingerprintOf(section, event.message, frames),
        message: normalizedMessage(event.message),
        // the source line's text stays on the server's side of the fingerprint: the owner sees file, line, function
        frames: frames.map(({ context: _context, ...frame }) => frame),
      });
    }
    return reported;
  }

  /** A build's groups over `errorGroupDays`, new ones first, then the most reported. */
  async ofBuild(section: RemoteName, build: string, now = new Date()): Promise<ErrorGroups> {
    const liveBuild = await this.liveBuildOf(section);
    const since = new Date(now.getTime() - (errorGroupDays - 1) * 86_400_000).toISOString().slice(0, 10);
    const rows = await this.rows(since, liveBuild ?? '', section, build);
    const groups = ordered(rows.map((row) => groupOf(row, liveBuild))).slice(0, errorGroupLimits.perBuild);
    return { section, build, liveBuild, groups };
  }

  /** Every section build's groups since a day (the Field health page), at most `perBuild` each, by `section build`. */
  async sinceDay(since: string): Promise<Map<string, ErrorGroup[]>> {
    const live = await this.live.liveReleases();
    const byBuild = new Map<string, ErrorGroup[]>();
    for (const section of new Set(
      (
        await this.database.query<{ section: string }>(
          'select distinct section from error_daily where day >= $1::date',
          [since],
        )
      ).map((row) => row.section),
    )) {
      const liveBuild = live[section as RemoteName] ?? null;
      for (const row of await this.rows(since, liveBuild ?? '', section)) {
        const key = `${row.section} ${row.build}`;
        const groups = byBuild.get(key) ?? [];
        groups.push(groupOf(row, liveBuild));
        byBuild.set(key, groups);
      }
    }
    for (const [key, groups] of byBuild) byBuild.set(key, ordered(groups).slice(0, errorGroupLimits.perBuild));
    return byBuild;
  }

  private async liveBuildOf(section: RemoteName): Promise<string | null> {
    return (await this.live.liveReleases())[section] ?? null;
  }

  private rows(since: string, liveBuild: string, section: string, build?: string): Promise<GroupRow[]> {
    return this.database.query<GroupRow>(
      `select d.section, d.build, d.fingerprint, sum(d.count)::integer as count, sum(d.visitors)::integer as visitors,
         g.message, g.frames, g.first_build, g.first_seen,
         exists (select 1 from error_daily l
                 where l.section = d.section and l.fingerprint = d.fingerprint and l.build = $2) as live_had
       from error_daily d join error_groups g on g.section = d.section and g.fingerprint = d.fingerprint
       where d.day >= $1::date and d.section = $3 and ($4::text is null or d.build = $4::text)
       group by d.section, d.build, d.fingerprint, g.message, g.frames, g.first_build, g.first_seen
       order by count desc, d.fingerprint
       limit 1000`,
      [since, liveBuild, section, build ?? null],
    );
  }
}

/** New ones first, then the most reported (a stable order: the fingerprint last). */
const ordered = (groups: ErrorGroup[]) =>
  [...groups].sort(
    (a, b) =>
      Number(b.newInRelease) - Number(a.newInRelease) ||
      b.count - a.count ||
      a.fingerprint.localeCompare(b.fingerprint),
  );

function groupOf(row: GroupRow, liveBuild: string | null): ErrorGroup {
  return {
    fingerprint: row.fingerprint,
    message: row.message,
    frames: parseJson<ErrorFrame[]>(row.frames, []),
    count: row.count,
    visitors: row.visitors,
    firstBuild: row.first_build,
    firstSeen: new Date(row.first_seen).toISOString(),
    newInRelease: liveBuild === null || row.build === liveBuild ? row.first_build === row.build : !row.live_had,
  };
}

/**
 * Counts a beacon's fingerprinted errors in its transaction: the group made once (its first report names it), its
 * day's count per build, and its visitors (page views) once per view. Rows in one order, so replicas never deadlock.
 */
export async function addErrorGroups(
  tx: Queries,
  day: string,
  at: Date,
  viewId: string,
  reported: readonly ReportedError[],
): Promise<void> {
  if (reported.length === 0) return;
  const byGroup = new Map<string, { error: ReportedError; count: number }>();
  for (const error of reported) {
    const key = `${error.section}\u0000${error.build}\u0000${error.fingerprint}`;
    const entry = byGroup.get(key) ?? { error, count: 0 };
    entry.count += 1;
    byGroup.set(key, entry);
  }
  const sorted = [...byGroup.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
  for (const { error, count } of sorted) {
    await tx.query(
      `insert into error_groups (section, fingerprint, message, frames, first_build, first_seen)
       values ($1, $2, $3, $4, $5, $6::timestamptz) on conflict (section, fingerprint) do nothing`,
      [error.section, error.fingerprint, error.message, JSON.stringify(error.frames), error.build, at.toISOString()],
    );
    const firstOfView = await tx.query(
      `insert into error_views (view_id, fingerprint) values ($1::bigint, $2) on conflict do nothing returning 1`,
      [viewId, error.fingerprint],
    );
    await tx.query(
      `insert into error_daily (day, section, build, fingerprint, count, visitors)
       values ($1::date, $2, $3, $4, $5::integer, $6::integer)
       on conflict (section, build, fingerprint, day) do update set
         count = error_daily.count + excluded.count, visitors = error_daily.visitors + excluded.visitors`,
      [day, error.section, error.build, error.fingerprint, count, firstOfView.length],
    );
  }
}
