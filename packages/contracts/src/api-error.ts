import type { FieldErrors } from './body-check.js';

/** Every error the API answers has this one shape, 4xx and 5xx alike; `fields` only for a body that fails its check. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  fields?: FieldErrors;
}
