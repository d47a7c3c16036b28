import { existsSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { defaultRemotesConfig, remotes, serverManifestPath } from '@portfolio/parts';
import { releaseEntryUrl } from '@portfolio/contracts/section-releases';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DATABASE, type Database } from '../../storage/database.js';
import { LiveConfig } from '../store/live-config.js';
import { bySite, SectionHistory } from '../store/section-history.js';
import { packFolder } from '../store/release-archive.js';
import { ReleaseFiles, releaseManifest } from '../store/release-files.js';
import { ReleasesTable } from '../store/releases-table.js';

/**
 * The first start of a site: a section with no row in live_sections whose remotes.json entry is still the
 * default (`/mf/<name>/remoteEntry.js`) gets its part's current dist/ as its first release, live at once
 * (brought in by the site, note "first start"). From then on building a part changes nothing visitors see.
 */
@Injectable()
export class FirstStartReleases implements OnApplicationBootstrap {
  private readonly logger = new Logger('Releases');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly live: LiveConfig,
    private readonly files: ReleaseFiles,
    private readonly table: ReleasesTable,
    private readonly history: SectionHistory,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const siteDir = this.config.siteDir;
    if (!siteDir) return;
    const defaults = defaultRemotesConfig();
    const rows = await this.database.query<{ name: string }>('select name from live_sections');
    const inFile = this.live.fileEntries();
    for (const { name, folder } of remotes) {
      if (rows.some((row) => row.name === name) || inFile[name] !== defaults[name]) continue;
      const dist = path.join(siteDir, folder, 'dist');
      if (!existsSync(path.join(dist, 'remoteEntry.js')) || !existsSync(path.join(dist, serverManifestPath))) continue;
      try {
        // the archive only where replicas need it: packing takes seconds of a start
        const archive = this.files.shared ? await packFolder(dist) : null;
        const unpacked = this.files.copy(dist);
        const { folder: kept, existed } = this.files.keep(name, unpacked);
        try {
          await this.table.insert(
            {
              section: name,
              id: unpacked.id,
              ...releaseManifest(kept),
              uploadedBy: { kind: 'site' },
              note: 'first start',
              checks: [
                { name: 'archive', outcome: 'passed', detail: `Taken from ${folder}/dist on the site's first start.` },
              ],
            },
            archive,
            { tokenId: null, diskBytes: unpacked.diskBytes },
          );
        } catch (error) {
          // files and row go together (a replica starting beside this one may have written the same row: kept)
          if (!existed && !(await this.table.find(name, unpacked.id))) await this.files.remove(name, unpacked.id);
          throw error;
        } finally {
          this.files.settle(name, unpacked.id);
        }
        const url = releaseEntryUrl(name, unpacked.id);
        // replicas starting together import the same dist/ as the same release: recorded once
        await this.live.set(name, url, async (tx, from) => {
          // not a promote: what was live before (remotes.json's /mf/ path) is no longer served, so no Roll back to it
          if (from !== url)
            await this.history.record(tx, { section: name, action: 'first release', from, to: url, by: bySite });
        });
        this.logger.log(`${name}: ${folder}/dist is its first release, ${unpacked.id}, live at ${url}`);
      } catch (error) {
        this.logger.warn(
          `${name}: ${folder}/dist could not be taken as its first release (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    }
  }
}
