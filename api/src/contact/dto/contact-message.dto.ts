import { checkContactMessage, type ContactMessage } from '@portfolio/contracts/contact';
import { BodyCheckPipe } from '../../common/body-check.pipe.js';

export type { ContactMessage };

/** POST /api/contact's body, checked with the schema the browser uses too. */
export const contactMessagePipe = new BodyCheckPipe<ContactMessage>((value) => {
  const result = checkContactMessage(value);
  return result.ok ? { ok: true, value: result.message } : { ok: false, errors: result.errors };
});
