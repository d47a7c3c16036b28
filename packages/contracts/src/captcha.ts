import * as z from 'zod/mini';

const tokenError = 'Send the captcha answer as a non-empty string.';

/** Call 1 of docs/product-rules.md: POST /api/verify {captchaToken}; reCAPTCHA tokens are a few hundred characters. */
export const captchaVerifySchema = z.strictObject({
  captchaToken: z.string(tokenError).check(z.minLength(1, tokenError), z.maxLength(4096, 'At most 4096 characters.')),
});

export type CaptchaVerifyRequest = z.infer<typeof captchaVerifySchema>;

/** GET /api/config: what the browser needs from the server's run-time configuration. */
export interface PublicConfig {
  recaptchaSiteKey: string;
}
