import { BadRequestException, type PipeTransform } from '@nestjs/common';

type Check<T> = (value: unknown) => { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** Validates a body with a shared check; a 400 names every field that is wrong and why. */
export class BodyCheckPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly check: Check<T>) {}

  transform(value: unknown): T {
    const result = this.check(value);
    if (result.ok) return result.value;
    const names = Object.keys(result.errors);
    throw new BadRequestException({ message: `Invalid fields: ${names.join(', ')}.`, fields: result.errors });
  }
}
