import { BadRequestException, Controller, Get, Query, UseGuards } from '@nestjs/common';
import type { ErrorGroups, FieldHealth } from '@portfolio/contracts/field-events';
import { releaseIdPattern } from '@portfolio/contracts/section-releases';
import { sectionNameOf } from '../common/section-named.js';
import { OwnerSessionGuard } from '../owner/owner-session.guard.js';
import { ErrorGroupsService } from './error-groups/error-groups.js';
import { FieldHealthService } from './field-health.service.js';

/**
 * The owner's view of the last days in visitors' browsers (session, 401):
 *   GET /api/owner/field-health                                   -> FieldHealth
 *   GET /api/owner/field-health/errors?section=<name>&build=<id>  -> ErrorGroups (a release's error groups)
 */
@Controller('owner/field-health')
@UseGuards(OwnerSessionGuard)
export class FieldHealthController {
  constructor(
    private readonly health: FieldHealthService,
    private readonly errorGroups: ErrorGroupsService,
  ) {}

  @Get()
  lastDays(): Promise<FieldHealth> {
    return this.health.lastDays();
  }

  @Get('errors')
  errors(@Query('section') section: unknown, @Query('build') build: unknown): Promise<ErrorGroups> {
    const name = typeof section === 'string' ? sectionNameOf(section) : undefined;
    if (!name) throw new BadRequestException({ message: 'Name a section: section=<name>.' });
    if (typeof build !== 'string' || !releaseIdPattern.test(build))
      throw new BadRequestException({ message: 'Name one of its releases: build=<release id>.' });
    return this.errorGroups.ofBuild(name, build);
  }
}
