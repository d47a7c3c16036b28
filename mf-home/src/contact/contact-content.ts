import type { ContactField } from '@portfolio/contracts/contact';
import contactData from '../content/contact-form.json';

export interface ContactFieldContent {
  name: ContactField;
  label: string;
  required: boolean;
  type: 'text' | 'email' | 'textarea';
  autoComplete: string;
  /** Shown under the field when the browser or the shared schema finds it invalid. */
  invalid: string;
}

/** The contact form's words; `messages` are the texts of docs/product-rules.md "Contact form", word for word. */
interface ContactContent {
  title: string;
  intro: string;
  fields: ContactFieldContent[];
  /** Announced after a refused submit, followed by the names of the fields to fix. */
  invalidSummary: string;
  captchaLoading: string;
  /** Said when the captcha cannot be loaded; `emailInstead` then leads to the owner's address (site.json contactTo). */
  captchaUnavailable: string;
  emailInstead: string;
  /** Shown instead of the captcha when the browser runs no JavaScript, with `emailInstead` and the address. */
  captchaNeedsScript: string;
  submit: string;
  sending: string;
  modalTitle: string;
  close: string;
  messages: {
    invalidCaptcha: string;
    captchaError: string;
    noCaptcha: string;
    sendError: string;
    sent: string;
  };
}

export const contactContent = contactData as ContactContent;
