import { Module } from '@nestjs/common';
import { LiveConfig } from './live-config.js';
import { ReleaseFiles } from './release-files.js';
import { ReleasesTable } from './releases-table.js';
import { SectionHistory } from './section-history.js';

/**
 * What is live and what is kept: each section's live build (LiveConfig), the releases' files and rows, and the
 * history of every change. Storage only: nothing here renders, checks or decides which build a request gets.
 */
@Module({
  providers: [LiveConfig, ReleaseFiles, ReleasesTable, SectionHistory],
  exports: [LiveConfig, ReleaseFiles, ReleasesTable, SectionHistory],
})
export class ReleaseStoreModule {}
