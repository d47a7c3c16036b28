import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  browserCheckReportSchema,
  type BrowserCheckReport,
  type ReleaseUploaded,
  type SectionRelease,
} from '@portfolio/contracts/section-releases';
import { SchemaBodyPipe } from '../../common/schema-body.pipe.js';
import { PreviewOrigin } from '../../common/preview-origin.js';
import { sectionNamed } from '../candidate-url.js';
import { selfOriginOf } from '../section-url.js';
import { DeployTokenGuard, deployTokenOf, type RequestWithDeployToken } from './deploy-token.guard.js';
import { previewLinkPath, ReleasePreviews } from './release-previews.js';
import { SectionReleases } from './section-releases.service.js';
import { readArchiveBody, releaseNoteOf } from './upload-body.js';

const browserCheckPipe = new SchemaBodyPipe(browserCheckReportSchema);

/** A section's developer (or CI) with a deploy token: upload, list, report the browser check, promote if allowed. */
@Controller('sections/:name/releases')
@UseGuards(DeployTokenGuard)
export class SectionReleasesController {
  constructor(
    private readonly releases: SectionReleases,
    private readonly previews: ReleasePreviews,
    private readonly previewOrigin: PreviewOrigin,
  ) {}

  @Post()
  async upload(
    @Param('name') name: string,
    @Req() req: RequestWithDeployToken,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ReleaseUploaded> {
    const section = sectionNamed(name);
    const token = deployTokenOf(req);
    const note = releaseNoteOf(req);
    const archive = await readArchiveBody(req);
    const { release, created } = await this.releases.upload(
      section,
      archive,
      { kind: 'token', tokenName: token.name },
      note,
      selfOriginOf(req),
    );
    res.status(created ? 201 : 200);
    // opened on the preview origin: the release's code never runs where the owner's session is
    const { signed, expiresAt } = await this.previews.sign(section, { release: release.id });
    return {
      release,
      previewUrl: `${this.previewOrigin.url}${previewLinkPath}${signed}`,
      previewExpiresAt: expiresAt.toISOString(),
    };
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
    if (!deployTokenOf(req).mayPromote)
      throw new ForbiddenException({ message: 'This deploy token may not promote: the owner promotes its releases.' });
    return this.releases.promote(sectionNamed(name), id, selfOriginOf(req));
  }
}
