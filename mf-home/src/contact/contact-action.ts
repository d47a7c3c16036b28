import type { ActionFunctionArgs } from '@portfolio/router';
import { reportConversion } from '@portfolio/contracts/field-signals';
import { apiRequest, ApiRequestError } from '@portfolio/ui/api-client';

/** The contact action's outcome (docs/product-rules.md "Contact form"): sent (with the stored message's id), error (non-200), local-error (threw). */
export type ContactResult =
  { status: 'sent'; contactID: string } | { status: 'error'; httpStatus: number } | { status: 'local-error' };

/** The home route's action (Call 2 of docs/product-rules.md): the form's JSON goes on to POST /api/contact (call 3). */
export async function contactAction({ request }: ActionFunctionArgs): Promise<ContactResult | null> {
  if (request.method.toUpperCase() !== 'POST') return null;
  try {
    const message: unknown = await request.json();
    const body = await apiRequest<{ contactID?: unknown } | null>('contact', { body: message });
    reportConversion('contact-sent');
    return { status: 'sent', contactID: String(body?.contactID) };
  } catch (error) {
    // an answer that is not a success is `error`; no answer at all (status 0) or a broken request is `local-error`
    const httpStatus = error instanceof ApiRequestError ? error.status : 0;
    return httpStatus ? { status: 'error', httpStatus } : { status: 'local-error' };
  }
}
