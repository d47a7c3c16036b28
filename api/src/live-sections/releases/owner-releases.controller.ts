import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Response } from 'express';
import { sectionUrlSchema, type SectionsOverview, type SectionUrlRequest } from '@portfolio/contracts/owner';
import {
  newDeployTokenSchema,
  type PreviewLink,
  releaseNoteSchema,
  type CreatedDeployToken,
  type DeployToken,
  type NewDeployToken,
  type ReleaseNote,
  type SectionRelease,
} from '@portfolio/contracts/section-releases';
import { RowIdPipe } from '../../common/row-id.pipe.js';
import { SchemaBodyPipe } from '../../common/schema-body.pipe.js';
import { OwnerSessionGuard, type RequestWithOwnerSession } from '../../owner/owner-session.guard.js';
import { sectionNamed } from '../../common/section-named.js';
import { OwnerSectionsService } from './owner-sections.service.js';
import { selfOriginOf } from '../../common/origins.js';
import { byOwner } from '../store/section-history.js';
import { ReleasePreviews } from '../release-previews.js';
import { candidateUrl } from './candidate-url.js';
import { DeployTokens } from './deploy-tokens.js';
import { ReleaseImports } from './release-imports.js';
import { SectionReleases } from './section-releases.service.js';

const newTokenPipe = new SchemaBodyPipe(newDeployTokenSchema);
const notePipe = new SchemaBodyPipe(releaseNoteSchema);
const tokenIdPipe = new RowIdPipe('There is no such deploy token.');
const sectionUrlPipe = new SchemaBodyPipe(sectionUrlSchema);

/** The owner's deploy tokens and releases (packages/contracts/src/section-releases.ts). */
@Controller('owner')
@UseGuards(OwnerSessionGuard)
export class OwnerReleasesController {
  constructor(
    private readonly tokens: DeployTokens,
    private readonly releases: SectionReleases,
    private readonly sections: OwnerSectionsService,
    private readonly imports: ReleaseImports,
    private readonly previews: ReleasePreviews,
  ) {}

  @Get('deploy-tokens')
  listTokens(): Promise<DeployToken[]> {
    return this.tokens.list();
  }

  @Post('deploy-tokens')
  create(@Body(newTokenPipe) body: NewDeployToken): Promise<CreatedDeployToken> {
    return this.tokens.create(sectionNamed(body.section), body.name.trim(), body.mayPromote ?? false);
  }

  @Delete('deploy-tokens/:id')
  @HttpCode(204)
  async revoke(@Param('id', tokenIdPipe) id: number): Promise<void> {
    if (!(await this.tokens.revoke(id))) throw new NotFoundException({ message: 'There is no such deploy token.' });
  }

  @Get('sections/:name/releases')
  list(@Param('name') name: string): Promise<SectionRelease[]> {
    return this.releases.list(sectionNamed(name));
  }

  /** A build at a URL (its remoteEntry.js) taken in as a release: 201 new, 200 the same build kept already. */
  @Post('sections/:name/releases/import')
  async import(
    @Param('name') name: string,
    @Body(sectionUrlPipe) body: SectionUrlRequest,
    @Req() req: RequestWithOwnerSession,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SectionRelease> {
    const section = sectionNamed(name);
    const { release, created } = await this.imports.import(section, candidateUrl(body.url), selfOriginOf(req));
    res.status(created ? 201 : 200);
    return release;
  }

  /** A preview link to a release, as an upload answers one: it runs on the preview origin, never here. */
  @Post('sections/:name/releases/:id/preview')
  @HttpCode(200)
  async preview(@Param('name') name: string, @Param('id') id: string): Promise<PreviewLink> {
    const section = sectionNamed(name);
    const release = await this.releases.describe(section, id);
    return this.previews.link(section, release.id, byOwner);
  }

  /** The note, if any, is kept with the release when it had none. */
  @Post('sections/:name/releases/:id/promote')
  @HttpCode(200)
  async promote(
    @Param('name') name: string,
    @Param('id') id: string,
    @Body(notePipe) body: ReleaseNote,
    @Req() req: RequestWithOwnerSession,
  ): Promise<SectionsOverview> {
    const section = sectionNamed(name);
    await this.releases.promote(section, id, selfOriginOf(req), byOwner, body.note?.trim() || null);
    return this.sections.overview(selfOriginOf(req));
  }

  /** Takes a release down: not the live one, nor one in a running experiment (409); unknown or malformed: 404. */
  @Delete('sections/:name/releases/:id')
  @HttpCode(204)
  async remove(@Param('name') name: string, @Param('id') id: string): Promise<void> {
    await this.releases.remove(sectionNamed(name), id);
  }
}
