import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { FieldErrors } from '@portfolio/contracts/body-check';
import { apiError } from './api-error.js';

/** What an HttpException says, whether it was made from a sentence, a list of them or {message, fields}. */
function describe(exception: HttpException): { message: string; fields?: FieldErrors; checks?: unknown[] } {
  const body = exception.getResponse();
  if (typeof body === 'string') return { message: body };
  const { message, fields, checks } = body as { message?: unknown; fields?: FieldErrors; checks?: unknown };
  const text = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : exception.message;
  // a refused section release lists its checks (ReleaseRefused)
  return { message: text, fields, ...(Array.isArray(checks) ? { checks } : {}) };
}

/** Every error leaves in the one shape {statusCode, error, message, fields?}; anything unexpected is logged and told apart from bad input. */
@Catch()
export class JsonErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof HttpException) {
      const { message, fields, checks } = describe(exception);
      res
        .status(exception.getStatus())
        .json({ ...apiError(exception.getStatus(), message, fields), ...(checks && { checks }) });
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    res.status(500).json(apiError(500, 'Something went wrong on our side.'));
  }
}
