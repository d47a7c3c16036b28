import { HttpStatus } from '@nestjs/common';
import type { ApiError } from '@portfolio/contracts/api-error';
import type { FieldErrors } from '@portfolio/contracts/body-check';

/** "Too Many Requests" for 429: the status's name, as the `error` of every answer. */
function statusName(status: number): string {
  const name = HttpStatus[status];
  return name
    ? name
        .toLowerCase()
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' ')
    : 'Error';
}

/** The one shape of every error the API answers (@portfolio/contracts/api-error). */
export function apiError(statusCode: number, message: string, fields?: FieldErrors): ApiError {
  return { statusCode, error: statusName(statusCode), message, ...(fields ? { fields } : {}) };
}
