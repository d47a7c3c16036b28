import { redirect } from '@portfolio/router';
import { ApiRequestError } from '@portfolio/ui/api-client';
import { ownerPaths } from '@portfolio/contracts/owner';
import type { PreviewLink, ReleaseCheck } from '@portfolio/contracts/section-releases';

/** What an owner page's action answers its fetcher: done (with the preview link a preview made), or what went wrong in words. */
export type ActionResult<Intent extends string = string> =
  | { intent: Intent; ok: true; preview?: PreviewLink }
  | {
      intent: Intent;
      ok: false;
      message: string;
      problems: string[];
      /** a form's fields that were refused, each with its problem (by the name the field is submitted under) */
      invalid?: Partial<Record<string, string>>;
    };

/** A candidate section that did not pass the checks, with what they found. */
export class CandidateRefused extends Error {
  constructor(readonly problems: string[]) {
    super('The candidate did not pass the checks, so nothing changed.');
  }
}

/** A release's failed checks, one sentence each. */
const failedChecks = (checks: readonly ReleaseCheck[]): string[] =>
  checks.filter((check) => check.outcome === 'failed').map((check) => `${check.name}: ${check.detail}`);

/** The problems a refused promote names (a SectionHealth, or its problems beside the API's error). */
function problemsOf(error: unknown): string[] {
  if (error instanceof CandidateRefused) return error.problems;
  if (!(error instanceof ApiRequestError)) return [];
  const body = error.body as { problems?: unknown; health?: { problems?: unknown }; checks?: unknown } | null;
  // a refused release (422) names its checks: the failed ones are its problems
  if (Array.isArray(body?.checks)) return failedChecks(body.checks as ReleaseCheck[]);
  const problems = body?.problems ?? body?.health?.problems;
  return Array.isArray(problems) ? problems.filter((problem): problem is string => typeof problem === 'string') : [];
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

/** A preview's outcome: done with its link, or what went wrong. */
export async function previewResult<Intent extends string>(
  intent: Intent,
  call: () => Promise<PreviewLink>,
): Promise<ActionResult<Intent>> {
  let link: PreviewLink | undefined;
  const result = await actionResult(intent, async () => {
    link = await call();
  });
  return result.ok && link ? { ...result, preview: link } : result;
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
