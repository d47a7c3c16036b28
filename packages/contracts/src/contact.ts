import * as z from 'zod/mini';
import { checkBody, type BodyCheck } from './body-check.js';
import { contactLimits, type ContactField, type ContactMessage } from './contact-limits.js';
import { multiLine, oneLine } from './plain-text.js';

export { contactLimits, type ContactField, type ContactMessage };

// a field that can reach a mail header (names, address, subject) is one line; the message body may hold line breaks
const text = (field: ContactField, { required, pattern }: { required: boolean; pattern: RegExp }) =>
  z
    .string('Must be text.')
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, 'Required.')] : []),
      z.maxLength(contactLimits[field], `At most ${contactLimits[field]} characters.`),
      z.regex(
        pattern,
        pattern === oneLine ? 'Must be one line without control characters.' : 'Must not hold control characters.',
      ),
    );

/** One schema for the browser and the API: required fields, email format, length limits, no unknown fields. */
export const contactMessageSchema = z.strictObject({
  fName: text('fName', { required: true, pattern: oneLine }),
  lName: text('lName', { required: true, pattern: oneLine }),
  email: z
    .string('Must be text.')
    .check(
      z.trim(),
      z.minLength(1, 'Required.'),
      z.maxLength(contactLimits.email, `At most ${contactLimits.email} characters.`),
      z.email('Must be an email address.'),
    ),
  org: z._default(text('org', { required: false, pattern: oneLine }), ''),
  subject: text('subject', { required: true, pattern: oneLine }),
  message: text('message', { required: true, pattern: multiLine }),
});

/** Checks a would-be contact message (the form before sending, the API on arrival); errors are keyed by field. */
export const checkContactMessage = (value: unknown): BodyCheck<ContactMessage> =>
  checkBody(contactMessageSchema, value);

/** POST /api/contact answers 200 with the stored message's id. */
export interface ContactResponse {
  contactID: number;
}
