import type { ActionFunctionArgs } from '@portfolio/router';
import { reportConversion } from '@portfolio/contracts/field-signals';
import { postJson } from '@portfolio/ui/api-client';

/** The contact action's outcome (docs/product-rules.md "Contact form"): sent (with the stored message's id), error (non-200), local-error (threw). */
export type ContactResult =
  { status: 'sent'; contactID: string } | { status: 'error'; httpStatus: number } | { status: 'local-error' };

/** The home route's action (Call 2 of docs/product-rules.md): the form's JSON goes on to POST /api/contact (call 3). */
export async function contactAction({ request }: ActionFunctionArgs): Promise<ContactResult | null> {
  if (request.method.toUpperCase() !== 'POST') return null;
  try {
    const message: unknown = await request.json();
    const response = await postJson('contact', message);
    if (response.status !== 200) return { status: 'error', httpStatus: response.status };
    const body = (await response.json()) as { contactID?: unknown };
    reportConversion('contact-sent');
    return { status: 'sent', contactID: String(body.contactID) };
  } catch {
    return { status: 'local-error' };
  }
}
