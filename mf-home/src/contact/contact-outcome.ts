import type { ContactResult } from './contact-action';
import { contactContent } from './contact-content';

/** How a try to send ended: before the captcha check, at it, or with the home route action's result. */
export type ContactOutcome = 'no-captcha' | 'captcha-refused' | 'captcha-failed' | 'send-failed' | 'sent';

/** The route action's result (docs/product-rules.md: "sent" is success, anything else is not). */
export const outcomeOf = (result: ContactResult): ContactOutcome => (result.status === 'sent' ? 'sent' : 'send-failed');

const { messages } = contactContent;

/** The modal's text for each outcome: the five messages of docs/product-rules.md "Contact form", word for word. */
export const outcomeMessages: Readonly<Record<ContactOutcome, string>> = {
  'no-captcha': messages.noCaptcha,
  'captcha-refused': messages.invalidCaptcha,
  'captcha-failed': messages.captchaError,
  'send-failed': messages.sendError,
  sent: messages.sent,
};

/** A captcha answer is good for one check: every outcome but "no answer yet" needs a new one. */
export const needsNewCaptcha = (outcome: ContactOutcome) => outcome !== 'no-captcha';
