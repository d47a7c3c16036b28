import { BadRequestException, type PipeTransform } from '@nestjs/common';

/** What the pipe needs of a schema: zod's safeParse (the schemas live in @portfolio/contracts). */
export interface BodySchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * Validates a request body with a schema from @portfolio/contracts, the one the browser is typed by.
 * Anything that does not fit is a 400 that spells out every problem, never a 5xx.
 */
export class ZodBodyPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: BodySchema<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const problems = result.error.issues.map((issue) => issue.message);
    throw new BadRequestException(problems.length === 1 ? problems[0] : problems);
  }
}
