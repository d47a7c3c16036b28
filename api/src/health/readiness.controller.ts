import { Controller, Get, Header, Inject, ServiceUnavailableException } from '@nestjs/common';
import { DATABASE, type Database } from '../storage/database.js';

/** Longer than this and the database counts as not answering: an orchestrator's probe must not hang. */
const answerWithinMs = 2_000;

/**
 * GET /api/ready: 200 when the database answers `select 1`, else 503 in the API's error shape, so that a
 * load balancer or compose sends no traffic to a replica that cannot store anything. /api/health stays the
 * liveness check: a replica waiting for its database is alive and must not be restarted for it.
 */
@Controller('ready')
export class ReadinessController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async ready(): Promise<{ status: 'ready' }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${answerWithinMs} ms`)), answerWithinMs);
    });
    try {
      await Promise.race([this.database.query('select 1'), late]);
    } catch {
      throw new ServiceUnavailableException({ message: 'The database does not answer; try again shortly.' });
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ready' };
  }
}
