import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

/** Every error leaves as {statusCode, error, message}; anything unexpected is logged and told apart from bad input. */
@Catch()
export class JsonErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const fields = typeof body === 'object' ? (body as Record<string, unknown>) : { message: body };
      res.status(status).json({ statusCode: status, error: errorName(status), ...fields });
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    res
      .status(500)
      .json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side.' });
  }
}

function errorName(status: number): string {
  const name = HttpStatus[status];
  return name
    ? name
        .toLowerCase()
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' ')
    : 'Error';
}
