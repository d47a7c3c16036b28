import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  sectionUrlSchema,
  type SectionHealth,
  type SectionsOverview,
  type SectionUrlRequest,
} from '@portfolio/contracts/owner';
import { releaseOfEntryUrl, type PreviewLink } from '@portfolio/contracts/section-releases';
import { SchemaBodyPipe } from '../../common/schema-body.pipe.js';
import { OwnerSessionGuard } from '../../owner/owner-session.guard.js';
import { PreviewOrigin } from '../../common/preview-origin.js';
import { sectionNamed } from '../../common/section-named.js';
import { candidateUrl } from './candidate-url.js';
import { OwnerSectionsService } from './owner-sections.service.js';
import { previewLinkPath, ReleasePreviews } from '../release-previews.js';
import { selfOriginOf } from '../../common/origins.js';
import { byOwner, SectionHistory } from '../store/section-history.js';

const sectionUrlPipe = new SchemaBodyPipe(sectionUrlSchema);

/** The owner's sections (packages/contracts/src/owner.ts): overview, check, preview, promote, roll back. */
@Controller('owner/sections')
@UseGuards(OwnerSessionGuard)
export class OwnerSectionsController {
  constructor(
    private readonly sections: OwnerSectionsService,
    private readonly previews: ReleasePreviews,
    private readonly previewOrigin: PreviewOrigin,
    private readonly history: SectionHistory,
  ) {}

  @Get()
  overview(@Req() req: Request): Promise<SectionsOverview> {
    return this.sections.overview(selfOriginOf(req));
  }

  @Post(':name/check')
  @HttpCode(200)
  check(
    @Param('name') name: string,
    @Body(sectionUrlPipe) body: SectionUrlRequest,
    @Req() req: Request,
  ): Promise<SectionHealth> {
    return this.sections.check(sectionNamed(name), candidateUrl(body.url), selfOriginOf(req));
  }

  /**
   * A preview link, as an upload answers one: the candidate runs on the preview origin, never here, where the
   * owner's session is. A URL that is one of this site's releases previews that release (ended with it).
   */
  @Post(':name/preview')
  @HttpCode(200)
  async preview(@Param('name') name: string, @Body(sectionUrlPipe) body: SectionUrlRequest): Promise<PreviewLink> {
    const section = sectionNamed(name);
    const url = candidateUrl(body.url);
    const release = releaseOfEntryUrl(section, url);
    const { signed, expiresAt } = await this.previews.sign(section, release ? { release } : { url });
    await this.history.recordPreview(section, url, expiresAt, byOwner);
    return {
      previewUrl: `${this.previewOrigin.url}${previewLinkPath}${signed}`,
      previewExpiresAt: expiresAt.toISOString(),
    };
  }

  @Post(':name/promote')
  @HttpCode(200)
  async promote(
    @Param('name') name: string,
    @Body(sectionUrlPipe) body: SectionUrlRequest,
    @Req() req: Request,
  ): Promise<SectionsOverview> {
    await this.sections.promote(sectionNamed(name), candidateUrl(body.url), selfOriginOf(req));
    return this.sections.overview(selfOriginOf(req));
  }

  @Post(':name/roll-back')
  @HttpCode(200)
  async rollBack(@Param('name') name: string, @Req() req: Request): Promise<SectionsOverview> {
    await this.sections.rollBack(sectionNamed(name));
    return this.sections.overview(selfOriginOf(req));
  }
}
