import type * as z from 'zod/mini';

/** What is wrong with a request body, by field; `body` is the body as a whole (not an object, unknown fields). */
export type FieldErrors = Readonly<Record<string, string>>;

export type BodyCheck<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** A request body's schema: a strict zod/mini object (no unknown fields). */
export type BodySchema = z.ZodMiniObject<z.core.$ZodLooseShape, z.core.$strict>;

/** The body a schema accepts. */
export type BodyOf<Schema extends BodySchema> = z.infer<Schema>;

export const notAnObject = 'The body must be a JSON object.';

/**
 * Checks a request body with one of the contracts' schemas (zod/mini objects), for the browser and the
 * API alike: each bad field keeps its first message, unknown fields and a body that is no object are `body`.
 */
export function checkBody<Schema extends BodySchema>(schema: Schema, value: unknown): BodyCheck<BodyOf<Schema>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const errors = new Map<string, string>();
  const note = (key: string, text: string) => errors.has(key) || errors.set(key, text);
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (issue.code === 'unrecognized_keys') note('body', `Unknown fields: ${issue.keys.join(', ')}.`);
    else if (typeof field === 'string' && field in schema.shape) note(field, issue.message);
    else note('body', notAnObject);
  }
  return { ok: false, errors: Object.fromEntries(errors) };
}
