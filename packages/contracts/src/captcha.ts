import * as z from 'zod/mini';

/** Call 1 of docs/product-rules.md: POST /api/verify {captchaToken}; reCAPTCHA tokens are a few hundred characters. */
export const captchaVerifySchema = z.strictObject({
  captchaToken: z.string().check(z.minLength(1), z.maxLength(4096)),
});

export type CaptchaVerifyRequest = z.infer<typeof captchaVerifySchema>;

/** GET /api/config: what the browser needs from the server's run-time configuration. */
export interface PublicConfig {
  recaptchaSiteKey: string;
}
