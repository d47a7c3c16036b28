import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import {
  ownerPreviewCookie,
  sectionUrlSchema,
  type SectionHealth,
  type SectionsOverview,
  type SectionUrlRequest,
} from '@portfolio/contracts/owner';
import { SchemaBodyPipe } from '../common/schema-body.pipe.js';
import { OwnerSessionGuard, type RequestWithOwnerSession } from '../owner/owner-session.guard.js';
import { candidateUrl, sectionNamed } from './candidate-url.js';
import { OwnerPreviews } from './owner-previews.js';
import { OwnerSectionsService } from './owner-sections.service.js';
import { selfOriginOf as selfOrigin } from './section-url.js';

const sectionUrlPipe = new SchemaBodyPipe(sectionUrlSchema);

function sessionOf(req: RequestWithOwnerSession) {
  // OwnerSessionGuard has run: without a session the request never gets here
  if (!req.ownerSession) throw new Error('OwnerSessionGuard did not run');
  return req.ownerSession;
}

/** The preview cookie: page requests carry it (Path=/), scripts never see it, and it ends with the session. */
const previewCookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure: req.secure,
  path: '/',
});

/** The owner's sections (packages/contracts/src/owner.ts): overview, check, preview, promote, roll back. */
@Controller('owner/sections')
@UseGuards(OwnerSessionGuard)
export class OwnerSectionsController {
  constructor(
    private readonly sections: OwnerSectionsService,
    private readonly previews: OwnerPreviews,
  ) {}

  @Get()
  overview(@Req() req: RequestWithOwnerSession): Promise<SectionsOverview> {
    return this.sections.overview(sessionOf(req).idHash, selfOrigin(req));
  }

  @Post(':name/check')
  @HttpCode(200)
  check(
    @Param('name') name: string,
    @Body(sectionUrlPipe) body: SectionUrlRequest,
    @Req() req: Request,
  ): Promise<SectionHealth> {
    return this.sections.check(sectionNamed(name), candidateUrl(body.url), selfOrigin(req));
  }

  @Post(':name/preview')
  @HttpCode(200)
  async preview(
    @Param('name') name: string,
    @Body(sectionUrlPipe) body: SectionUrlRequest,
    @Req() req: RequestWithOwnerSession,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SectionsOverview> {
    const section = sectionNamed(name);
    const url = candidateUrl(body.url);
    const session = sessionOf(req);
    const { token, preview, endsAt } = await this.previews.set(session.idHash, section, url);
    res.cookie(ownerPreviewCookie, token, { ...previewCookieOptions(req), expires: endsAt });
    return this.sections.overview(session.idHash, selfOrigin(req), preview);
  }

  @Delete(':name/preview')
  async endPreview(
    @Param('name') name: string,
    @Req() req: RequestWithOwnerSession,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SectionsOverview> {
    const session = sessionOf(req);
    const preview = await this.previews.drop(session.idHash, sectionNamed(name));
    if (Object.keys(preview).length === 0) res.clearCookie(ownerPreviewCookie, previewCookieOptions(req));
    return this.sections.overview(session.idHash, selfOrigin(req), preview);
  }

  @Post(':name/promote')
  @HttpCode(200)
  async promote(
    @Param('name') name: string,
    @Body(sectionUrlPipe) body: SectionUrlRequest,
    @Req() req: RequestWithOwnerSession,
  ): Promise<SectionsOverview> {
    const session = sessionOf(req);
    await this.sections.promote(session.idHash, sectionNamed(name), candidateUrl(body.url), selfOrigin(req));
    return this.sections.overview(session.idHash, selfOrigin(req));
  }

  @Post(':name/roll-back')
  @HttpCode(200)
  async rollBack(@Param('name') name: string, @Req() req: RequestWithOwnerSession): Promise<SectionsOverview> {
    await this.sections.rollBack(sectionNamed(name));
    return this.sections.overview(sessionOf(req).idHash, selfOrigin(req));
  }
}
