import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Response } from 'express';
import {
  browserCheckReportSchema,
  type BrowserCheckReport,
  type ReleaseUploaded,
  type SectionRelease,
} from '@portfolio/contracts/section-releases';
import { SchemaBodyPipe } from '../../common/schema-body.pipe.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { sectionNamed } from '../../common/section-named.js';
import { selfOriginOf } from '../../common/origins.js';
import { byToken } from '../store/section-history.js';
import { DeployTokenGuard, deployTokenOf, type RequestWithDeployToken } from './deploy-token.guard.js';
import { ReleasePreviews } from '../release-previews.js';
import { SectionReleases } from './section-releases.service.js';
import { checkArchiveHeaders, closeAfterAnswer, readArchiveBody, releaseNoteOf } from './upload-body.js';

const browserCheckPipe = new SchemaBodyPipe(browserCheckReportSchema);

/** A section's developer (or CI) with a deploy token: upload, list, report the browser check, promote if allowed. */
@Controller('sections/:name/releases')
@UseGuards(DeployTokenGuard)
export class SectionReleasesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly releases: SectionReleases,
    private readonly previews: ReleasePreviews,
  ) {}

  @Post()
  async upload(
    @Param('name') name: string,
    @Req() req: RequestWithDeployToken,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ReleaseUploaded> {
    const section = sectionNamed(name);
    const token = deployTokenOf(req);
    let uploaded;
    try {
      const note = releaseNoteOf(req);
      checkArchiveHeaders(req);
      uploaded = await this.releases.upload(
        section,
        token,
        (sink) => readArchiveBody(req, sink, this.config.releaseBodyMs),
        note,
        selfOriginOf(req),
      );
    } catch (error) {
      // refused before its body was read whole (a header, a slot, the quota, a limit): not read any further
      if (!req.complete) closeAfterAnswer(req);
      throw error;
    }
    const { release, created } = uploaded;
    res.status(created ? 201 : 200);
    // opened on the preview origin: the release's code never runs where the owner's session is
    return { release, ...(await this.previews.link(section, release.id, byToken(token.name))) };
  }

  @Get()
  list(@Param('name') name: string): Promise<SectionRelease[]> {
    return this.releases.list(sectionNamed(name));
  }

  @Post(':id/browser-check')
  @HttpCode(200)
  browserCheck(
    @Param('name') name: string,
    @Param('id') id: string,
    @Body(browserCheckPipe) report: BrowserCheckReport,
  ): Promise<SectionRelease> {
    return this.releases.recordBrowserCheck(sectionNamed(name), id, report);
  }

  @Post(':id/promote')
  @HttpCode(200)
  promote(
    @Param('name') name: string,
    @Param('id') id: string,
    @Req() req: RequestWithDeployToken,
  ): Promise<SectionRelease> {
    const token = deployTokenOf(req);
    if (!token.mayPromote)
      throw new ForbiddenException({ message: 'This deploy token may not promote: the owner promotes its releases.' });
    return this.releases.promote(sectionNamed(name), id, selfOriginOf(req), byToken(token.name));
  }
}
