import {
  ConflictException,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import {
  releaseArchiveLimits,
  releaseEntryUrl,
  releaseIdPattern,
  type BrowserCheckReport,
  type ReleaseCheck,
  type ReleaseUploader,
  type SectionRelease,
} from '@portfolio/contracts/section-releases';
import { LiveConfig } from '../live-config.js';
import { SectionHistory } from '../section-history.js';
import { ArchiveRefused } from './release-archive.js';
import { ReleaseChecks } from './release-checks.js';
import { ReleaseFiles, releaseManifest } from './release-files.js';
import { ReleaseRetention } from './release-retention.js';
import { checksPass, ReleasesTable, type StoredRelease } from './releases-table.js';

/** A ReleaseRefused answer (422): the message names each failed check. */
function refused(checks: readonly ReleaseCheck[]): UnprocessableEntityException {
  const problems = checks
    .filter((check) => check.outcome === 'failed')
    .map((check) => `${check.name}: ${check.detail}`);
  return new UnprocessableEntityException({ message: `The release was refused. ${problems.join(' ')}`, checks });
}

/**
 * A section's releases: uploaded (unpacked, checked, kept or refused), listed with when each was live,
 * promoted after the same checks run again (a roll back is the promote of an earlier one).
 */
@Injectable()
export class SectionReleases {
  constructor(
    private readonly files: ReleaseFiles,
    private readonly table: ReleasesTable,
    private readonly checks: ReleaseChecks,
    private readonly live: LiveConfig,
    private readonly history: SectionHistory,
    private readonly retention: ReleaseRetention,
  ) {}

  /** `created` false: the same content was uploaded before, and that release is answered. */
  async upload(
    name: RemoteName,
    archive: Buffer,
    uploadedBy: ReleaseUploader,
    note: string | null,
    selfOrigin: string,
  ): Promise<{ release: SectionRelease; created: boolean }> {
    if (archive.length > releaseArchiveLimits.maxArchiveBytes)
      throw new PayloadTooLargeException({
        message: `A release archive may be ${releaseArchiveLimits.maxArchiveBytes} bytes at most.`,
      });
    let unpacked;
    try {
      unpacked = await this.files.unpack(archive);
    } catch (error) {
      if (error instanceof ArchiveRefused)
        throw refused([{ name: 'archive', outcome: 'failed', detail: error.message }]);
      throw error;
    }
    if (await this.table.find(name, unpacked.id)) {
      this.files.drop(unpacked);
      await this.files.folder(name, unpacked.id);
      return { release: await this.describe(name, unpacked.id), created: false };
    }
    // in place before the checks: they load the release as pages would, from its URL on this site
    const folder = this.files.keep(name, unpacked);
    let checks: ReleaseCheck[];
    try {
      checks = await this.checks.run(name, unpacked.id, folder, selfOrigin);
    } catch (error) {
      this.files.remove(name, unpacked.id);
      throw error;
    }
    if (!checksPass(checks)) {
      this.files.remove(name, unpacked.id);
      throw refused(checks);
    }
    const release: StoredRelease = {
      section: name,
      id: unpacked.id,
      ...releaseManifest(folder),
      uploadedBy,
      note,
      checks,
    };
    await this.table.insert(release, this.files.shared ? archive : null);
    await this.retention.apply(name);
    return { release: await this.describe(name, unpacked.id), created: true };
  }

  /** Newest first. */
  async list(name: RemoteName): Promise<SectionRelease[]> {
    const [rows, live, periods] = await Promise.all([
      this.table.list(name),
      this.live.current(),
      this.table.periods(name),
    ]);
    return rows.map(({ release, uploadedAt }) =>
      this.table.describe(release, uploadedAt, live?.[name] ?? null, periods),
    );
  }

  async describe(name: RemoteName, id: string): Promise<SectionRelease> {
    const found = (await this.list(name)).find((release) => release.id === id);
    if (!found) throw new NotFoundException({ message: `The ${name} section has no release ${id.slice(0, 20)}.` });
    return found;
  }

  /** The release command's report of hydration in Chromium, kept as the release's browser check. */
  async recordBrowserCheck(name: RemoteName, id: string, report: BrowserCheckReport): Promise<SectionRelease> {
    const stored = await this.stored(name, id);
    const failures = report.routes.flatMap((route) => route.errors.map((error) => `${route.path}: ${error}`));
    const check: ReleaseCheck = report.ok
      ? {
          name: 'browser',
          outcome: 'passed',
          detail: `${report.routes.length} pages hydrated in Chromium without an error.`,
        }
      : {
          name: 'browser',
          outcome: 'failed',
          detail: `In Chromium: ${failures.slice(0, 5).join('; ').slice(0, 1000) || 'it failed'}.`,
        };
    const checks = [...stored.checks.filter((existing) => existing.name !== 'browser'), check];
    await this.table.setChecks(name, id, checks);
    if (!report.ok) throw refused(checks);
    return this.describe(name, id);
  }

  /**
   * Makes a release live for every visitor once its checks pass again (recorded in section_history as a
   * promote, or a roll back when it was live before); the browser check recorded on upload is kept.
   */
  async promote(name: RemoteName, id: string, selfOrigin: string, note: string | null = null): Promise<SectionRelease> {
    const stored = await this.stored(name, id);
    if (note && !stored.note) await this.table.setNote(name, id, note);
    const url = releaseEntryUrl(name, id);
    const live = await this.live.current();
    if (live?.[name] === url)
      throw new ConflictException({ message: `Release ${id} is live for the ${name} section already.` });
    const folder = await this.files.folder(name, id);
    if (!folder) throw new NotFoundException({ message: `The files of release ${id} are gone from this site.` });
    const browser = stored.checks.filter((check) => check.name === 'browser');
    const checks = [...(await this.checks.run(name, id, folder, selfOrigin)), ...browser];
    await this.table.setChecks(name, id, checks);
    if (!checksPass(checks)) throw refused(checks);
    const wasLive = (await this.table.periods(name)).has(url);
    await this.live.set(name, url, (tx, from) =>
      this.history.record(tx, { section: name, action: wasLive ? 'roll back' : 'promote', from, to: url }),
    );
    return this.describe(name, id);
  }

  private async stored(name: RemoteName, id: string): Promise<StoredRelease> {
    const stored = releaseIdPattern.test(id) ? await this.table.find(name, id) : null;
    if (!stored) throw new NotFoundException({ message: `The ${name} section has no release ${id.slice(0, 20)}.` });
    return stored;
  }
}
