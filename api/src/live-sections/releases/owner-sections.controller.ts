import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import { OwnerSessionGuard } from '../../owner/owner-session.guard.js';
import { sectionNamed } from '../../common/section-named.js';
import { OwnerSectionsService } from './owner-sections.service.js';
import { selfOriginOf } from '../../common/origins.js';

/** The owner's sections (packages/contracts/src/owner.ts): the overview, and roll back to the release live before. */
@Controller('owner/sections')
@UseGuards(OwnerSessionGuard)
export class OwnerSectionsController {
  constructor(private readonly sections: OwnerSectionsService) {}

  @Get()
  overview(@Req() req: Request): Promise<SectionsOverview> {
    return this.sections.overview(selfOriginOf(req));
  }

  @Post(':name/roll-back')
  @HttpCode(200)
  async rollBack(@Param('name') name: string, @Req() req: Request): Promise<SectionsOverview> {
    await this.sections.rollBack(sectionNamed(name), selfOriginOf(req));
    return this.sections.overview(selfOriginOf(req));
  }
}
