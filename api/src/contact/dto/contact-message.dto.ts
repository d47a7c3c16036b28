import { contactMessageSchema, type ContactMessage } from '@portfolio/contracts/contact';
import { SchemaBodyPipe } from '../../common/schema-body.pipe.js';

export type { ContactMessage };

/** POST /api/contact's body, checked with the schema the browser uses too. */
export const contactMessagePipe = new SchemaBodyPipe(contactMessageSchema);
