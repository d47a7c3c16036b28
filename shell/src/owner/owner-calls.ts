import { redirect } from '@portfolio/router';
import { ApiRequestError } from '@portfolio/ui/api-client';
import { ownerPaths } from '@portfolio/contracts/owner';
import type { PreviewLink, ReleaseCheck } from '@portfolio/contracts/section-releases';

/** What an owner page's action answers its fetcher: done (with what it made), or what went wrong in words. */
export type ActionResult<Intent extends string = string> =
  | {
      intent: Intent;
      ok: true;
      /** the link a preview made */
      preview?: PreviewLink;
      /** the release an import answered: `created` false when the build was that release already */
      imported?: { id: string; created: boolean };
    }
  | {
      intent: Intent;
      ok: false;
      message: string;
      problems: string[];
      /** a form's fields that were refused, each with its problem (by the name the field is submitted under) */
      invalid?: Partial<Record<string, string>>;
    };

/**
 * A refused release's (422) failed checks, one sentence each: the problems it names beside the API's message (those
 * the message says already are not said twice).
 */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiRequestError)) return [];
  const checks = (error.body as { checks?: unknown } | null)?.checks;
  if (!Array.isArray(checks)) return [];
  return (checks as ReleaseCheck[])
    .filter((check) => check.outcome === 'failed')
    .map((check) => `${check.name}: ${check.detail}`)
    .filter((problem) => !error.message.includes(problem));
}

/** An error in the owner's words: the API's own message, or what happened to the request. */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 0) return 'Could not reach the server. Check the connection and try again.';
    return error.body?.message ?? `The server answered ${error.status}.`;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** A call of a page behind the session: without a session (401) the owner goes to the login page. */
export async function withSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) throw redirect(ownerPaths.login);
    throw error;
  }
}

/** An action's call: its outcome for the page to show (401 still leads to the login page). */
export async function actionResult<Intent extends string>(
  intent: Intent,
  call: () => Promise<unknown>,
): Promise<ActionResult<Intent>> {
  try {
    await withSession(call);
    return { intent, ok: true };
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to the login page
    return { intent, ok: false, message: describeError(error), problems: problemsOf(error) };
  }
}

/** An action's call that answers something the page shows: done with `shown(answer)` beside, or what went wrong. */
export async function actionResultWith<Intent extends string, T>(
  intent: Intent,
  call: () => Promise<T>,
  shown: (answer: T) => { preview?: PreviewLink; imported?: { id: string; created: boolean } },
): Promise<ActionResult<Intent>> {
  let answer: { value: T } | undefined;
  const result = await actionResult(intent, async () => {
    answer = { value: await call() };
  });
  return result.ok && answer ? { ...result, ...shown(answer.value) } : result;
}

/** What a page submitted to its action (always JSON, as the contact form does): each field as text. */
export async function submittedFields(request: Request): Promise<(name: string) => string> {
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  return (name) => {
    const value = body?.[name];
    return typeof value === 'string' ? value : '';
  };
}

/** How the owner's pages submit to their actions. */
export const jsonSubmit = { method: 'post', encType: 'application/json' } as const;
