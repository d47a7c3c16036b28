import {
  ConflictException,
  Inject,
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
  type DeployToken,
  type ReleaseCheck,
  type SectionRelease,
} from '@portfolio/contracts/section-releases';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DATABASE, type Database } from '../../storage/database.js';
import { LiveConfig } from '../store/live-config.js';
import { byOwner, byToken, SectionHistory } from '../store/section-history.js';
import { ArchiveRefused, type ArchiveUnpacking, type UnpackedArchive } from '../store/release-archive.js';
import { ReleaseChecks } from './release-checks.js';
import { ReleaseFiles, releaseManifest, versionProblem } from '../store/release-files.js';
import { ReleaseRetention } from './release-retention.js';
import { checksPass, ReleasesTable, type StoredRelease } from '../store/releases-table.js';
import { UploadSlots } from './upload-slots.js';

/** A ReleaseRefused answer (422): the message names each failed check. */
function refused(checks: readonly ReleaseCheck[]): UnprocessableEntityException {
  const problems = checks
    .filter((check) => check.outcome === 'failed')
    .map((check) => `${check.name}: ${check.detail}`);
  return new UnprocessableEntityException({ message: `The release was refused. ${problems.join(' ')}`, checks });
}

export const archiveRefused = (detail: string) => refused([{ name: 'archive', outcome: 'failed', detail }]);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function overQuota(quota: number, kept: number, adding: number): PayloadTooLargeException {
  return new PayloadTooLargeException({
    message:
      `This deploy token's kept releases take ${megabytes(kept)} of the ${megabytes(quota)} it may keep` +
      `${adding > 0 ? `, and this one would add ${megabytes(adding)}` : ''}: ` +
      'the owner can delete releases on the Sections page, and releases past the last 10 go after a day.',
  });
}

/** Who sends a release in: a deploy token (its upload, counted against its quota), or the owner (an import). */
type Sender = { token: DeployToken } | { importedFrom: string };

/** How the body of an upload is read into the unpacking (readArchiveBody, given its request). */
type ArchiveBody = (sink: ArchiveUnpacking) => Promise<void>;

/**
 * A section's releases: uploaded (unpacked, checked, kept or refused), listed with when each was live,
 * promoted after the same checks run again (a roll back is the promote of an earlier one), deleted by the owner.
 */
@Injectable()
export class SectionReleases {
  /** what a token's kept releases may take on disk (RELEASE_TOKEN_QUOTA_BYTES) */
  private readonly quota: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly files: ReleaseFiles,
    private readonly table: ReleasesTable,
    private readonly checks: ReleaseChecks,
    private readonly live: LiveConfig,
    private readonly history: SectionHistory,
    private readonly retention: ReleaseRetention,
    private readonly slots: UploadSlots,
  ) {
    this.quota = config.releaseTokenQuotaBytes;
  }

  /**
   * An upload with a deploy token: a slot (429), the token's quota (413), the body unpacked as it arrives
   * (422 at the first limit passed), the checks, then its row, written with the quota checked again in one
   * transaction. Files and row go together: whatever stops an upload removes what it wrote. `created` false:
   * the same content was uploaded before, and that release is answered.
   */
  async upload(
    name: RemoteName,
    token: DeployToken,
    readBody: ArchiveBody,
    note: string | null,
    selfOrigin: string,
  ): Promise<{ release: SectionRelease; created: boolean }> {
    const slot = this.slots.take(token.id);
    try {
      const kept = await this.table.keptBytes(token.id);
      if (kept >= this.quota) throw overQuota(this.quota, kept, 0);
      const unpacking = this.files.unpack();
      let received;
      try {
        await readBody(unpacking);
        received = await unpacking.end();
      } catch (error) {
        await unpacking.cancel();
        if (error instanceof ArchiveRefused) throw archiveRefused(error.message);
        throw error;
      }
      return await this.keep(name, received.unpacked, received.archive, { token }, note, selfOrigin);
    } finally {
      slot.release();
    }
  }

  /**
   * A build fetched from a URL by the owner (ReleaseImports, into the store's incoming folder), kept as an upload
   * is: the same checks, row, history and retention; no token, so no quota.
   */
  imported(
    name: RemoteName,
    unpacked: UnpackedArchive,
    archive: Buffer | null,
    url: string,
    selfOrigin: string,
  ): Promise<{ release: SectionRelease; created: boolean }> {
    const note = `from ${url}`.slice(0, releaseArchiveLimits.maxNoteLength);
    return this.keep(name, unpacked, archive, { importedFrom: url }, note, selfOrigin);
  }

  /** An unpacked release checked and kept, or removed: the one way a release is kept after its checks. */
  private async keep(
    name: RemoteName,
    unpacked: UnpackedArchive,
    archive: Buffer | null,
    sender: Sender,
    note: string | null,
    selfOrigin: string,
  ): Promise<{ release: SectionRelease; created: boolean }> {
    if (await this.table.find(name, unpacked.id)) {
      await this.files.drop(unpacked);
      await this.files.folder(name, unpacked.id);
      return { release: await this.describe(name, unpacked.id), created: false };
    }
    const token = 'token' in sender ? sender.token : null;
    const kept = token ? await this.table.keptBytes(token.id) : 0;
    if (token && kept + unpacked.diskBytes > this.quota) {
      await this.files.drop(unpacked);
      throw overQuota(this.quota, kept, unpacked.diskBytes);
    }
    // (looked at and taken with nothing awaited between)
    if (this.files.isPending(name, unpacked.id)) {
      await this.files.drop(unpacked);
      throw new ConflictException({
        message: `Release ${unpacked.id} (the same build) is being uploaded and checked now: its answer comes first.`,
      });
    }
    // in place before the checks: they load the release as pages would, from its URL on this site
    const { folder, existed } = this.files.keep(name, unpacked);
    let recorded = false;
    try {
      const problem = versionProblem(folder);
      if (problem) throw archiveRefused(problem);
      const checks = await this.checks.run(name, unpacked.id, folder, selfOrigin);
      if (!checksPass(checks)) throw refused(checks);
      const release: StoredRelease = {
        section: name,
        id: unpacked.id,
        ...releaseManifest(folder),
        uploadedBy: token ? { kind: 'token', tokenName: token.name } : { kind: 'owner' },
        note,
        checks,
      };
      await this.database.transaction(async (tx) => {
        if (token) {
          // one upload of a token at a time past this point (across replicas): its quota is checked once more
          await tx.query('select id from deploy_tokens where id = $1 for update', [token.id]);
          const keptNow = await this.table.keptBytes(token.id, tx);
          if (keptNow + unpacked.diskBytes > this.quota) throw overQuota(this.quota, keptNow, unpacked.diskBytes);
        }
        await this.table.insert(release, archive, { tokenId: token?.id ?? null, diskBytes: unpacked.diskBytes }, tx);
        await this.history.record(tx, {
          section: name,
          action: token ? 'release uploaded' : 'release imported',
          from: '',
          to: releaseEntryUrl(name, unpacked.id),
          note: note ? `${release.version}: ${note}` : release.version,
          by: token ? byToken(token.name) : byOwner,
        });
      });
      recorded = true;
    } finally {
      if (!recorded && !existed) await this.files.remove(name, unpacked.id);
      this.files.settle(name, unpacked.id);
    }
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
    return rows.map(({ release, ...stored }) => this.table.describe(release, stored, live?.[name] ?? null, periods));
  }

  async describe(name: RemoteName, id: string): Promise<SectionRelease> {
    const found = (await this.list(name)).find((release) => release.id === id);
    if (!found) throw new NotFoundException({ message: `The ${name} section has no release ${id.slice(0, 20)}.` });
    return found;
  }

  /** The release command's report of hydration in Chromium, kept as the release's browser check. */
  async recordBrowserCheck(name: RemoteName, id: string, report: BrowserCheckReport): Promise<SectionRelease> {
    const stored = await this.stored(name, id);
    const earlier = stored.checks.find((check) => check.name === 'browser');
    if (earlier?.outcome === 'failed')
      throw new ConflictException({
        message: `Release ${id} failed its browser check, and a failed check is final: fix the build and upload it again.`,
        checks: stored.checks,
      });
    const failures = report.routes.flatMap((route) => route.errors.map((error) => `${route.path}: ${error}`));
    const check: ReleaseCheck = report.ok
      ? {
          name: 'browser',
          outcome: 'passed',
          detail: `${report.routes.length} ${report.routes.length === 1 ? 'page' : 'pages'} hydrated in Chromium without an error.`,
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
   * promote, or a roll back when it was live before, made `by` the owner, a token or the guard); the browser check
   * recorded on upload is kept.
   */
  async promote(
    name: RemoteName,
    id: string,
    selfOrigin: string,
    by: string,
    note: string | null = null,
  ): Promise<SectionRelease> {
    const stored = await this.stored(name, id);
    if (note && !stored.note) await this.table.setNote(name, id, note);
    const url = releaseEntryUrl(name, id);
    const live = await this.live.current();
    if (live?.[name] === url)
      throw new ConflictException({ message: `Release ${id} is live for the ${name} section already.` });
    await this.checkAgain(name, stored, selfOrigin);
    const wasLive = (await this.table.periods(name)).has(url);
    await this.live.set(name, url, (tx, from) =>
      this.history.record(tx, { section: name, action: wasLive ? 'roll back' : 'promote', from, to: url, by }),
    );
    return this.describe(name, id);
  }

  /**
   * A release's checks run again (a promote's, a token's rollout's), kept with the browser check recorded on
   * upload: a 422 naming each failed check when one fails.
   */
  async checkAgain(name: RemoteName, release: string | StoredRelease, selfOrigin: string): Promise<void> {
    const stored = typeof release === 'string' ? await this.stored(name, release) : release;
    const folder = await this.files.folder(name, stored.id);
    if (!folder) throw new NotFoundException({ message: `The files of release ${stored.id} are gone from this site.` });
    const browser = stored.checks.filter((check) => check.name === 'browser');
    const checks = [...(await this.checks.run(name, stored.id, folder, selfOrigin)), ...browser];
    await this.table.setChecks(name, stored.id, checks);
    if (!checksPass(checks)) throw refused(checks);
  }

  /**
   * Takes a release down for good: its row (and archive), so its preview links and files answer 404 (on every
   * replica within keptCacheMs), then its folder. Not the live one, nor one a running experiment shows.
   */
  async remove(name: RemoteName, id: string): Promise<void> {
    await this.stored(name, id);
    const url = releaseEntryUrl(name, id);
    await this.live.whileUnchanged(name, async (tx, liveUrl) => {
      if (liveUrl === url)
        throw new ConflictException({
          message: `Release ${id} is live for the ${name} section: promote another one before deleting it.`,
        });
      const running = await tx.query<{ id: number }>(
        `select id from experiments where section = $1 and ended_at is null and (candidate_release_id = $2 or live_url = $3)`,
        [name, id, url],
      );
      if (running.length > 0)
        throw new ConflictException({
          message: `Release ${id} is in the running experiment on the ${name} section: end the experiment before deleting it.`,
        });
      if (!(await this.table.remove(name, id, tx)))
        throw new NotFoundException({ message: `The ${name} section has no release ${id}.` });
    });
    await this.files.remove(name, id);
  }

  private async stored(name: RemoteName, id: string): Promise<StoredRelease> {
    const stored = releaseIdPattern.test(id) ? await this.table.find(name, id) : null;
    if (!stored) throw new NotFoundException({ message: `The ${name} section has no release ${id.slice(0, 20)}.` });
    return stored;
  }
}
