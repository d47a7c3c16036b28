import { Module } from '@nestjs/common';
import { LiveSectionsModule } from '../live-sections/live-sections.module.js';
import { RumModule } from '../rum/rum.module.js';
import { SitePages } from './site-pages.js';

/** The site's pages, rendered from what LiveSections names for each request; served by serve-site.ts. */
@Module({
  imports: [LiveSectionsModule, RumModule],
  providers: [SitePages],
  exports: [SitePages],
})
export class SiteModule {}
