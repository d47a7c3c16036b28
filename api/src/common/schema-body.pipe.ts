import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { checkBody, type BodyOf, type BodySchema, type FieldErrors } from '@portfolio/contracts/body-check';

/** The one sentence of a 400: the body's own problem, or the names of the fields that are wrong. */
export function invalidBodyMessage(errors: FieldErrors): string {
  const names = Object.keys(errors);
  return names.length === 1 && errors.body ? errors.body : `Invalid fields: ${names.join(', ')}.`;
}

/**
 * The API's one validation pipe: a request body checked with its schema from @portfolio/contracts, the
 * one the browser uses too. Anything that does not fit is a 400 naming every bad field, never a 5xx.
 */
export class SchemaBodyPipe<Schema extends BodySchema> implements PipeTransform<unknown, BodyOf<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): BodyOf<Schema> {
    const check = checkBody(this.schema, value);
    if (check.ok) return check.value;
    throw new BadRequestException({ message: invalidBodyMessage(check.errors), fields: check.errors });
  }
}
