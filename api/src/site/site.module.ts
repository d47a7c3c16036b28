import { Module } from '@nestjs/common';
import { LiveSectionsModule } from '../live-sections/live-sections.module.js';
import { FieldModule } from '../field/field.module.js';
import { SitePages } from './site-pages.js';

/** The site's pages, rendered from what LiveSections names for each request; served by serve-site.ts. */
@Module({
  imports: [LiveSectionsModule, FieldModule],
  providers: [SitePages],
  exports: [SitePages],
})
export class SiteModule {}
