// The contact message's shape and limits without the schema, so a page can size its fields without loading zod.

/** The contact message (docs/product-rules.md "API calls"): what the form sends (call 2) and POST /api/contact accepts (call 3). */
export interface ContactMessage {
  fName: string;
  lName: string;
  email: string;
  org: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactMessage;

/** Length limits per field: the form's maxLength and the API's checks come from here. */
export const contactLimits: Readonly<Record<ContactField, number>> = {
  fName: 100,
  lName: 100,
  email: 254,
  org: 200,
  subject: 200,
  message: 4000,
};
