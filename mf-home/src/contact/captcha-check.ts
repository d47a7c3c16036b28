import { apiRequest } from '@portfolio/ui/api-client';

/** What POST /api/verify said of the visitor's captcha answer: yes, no, or nothing (it failed). */
type CaptchaVerdict = 'valid' | 'refused' | 'failed';

/** Call 1 of docs/product-rules.md: the answer is read as truthy (valid) or falsy (refused); a failed call is `failed`. */
export async function verifyCaptcha(captchaToken: string): Promise<CaptchaVerdict> {
  try {
    return (await apiRequest<unknown>('verify', { body: { captchaToken } })) ? 'valid' : 'refused';
  } catch {
    return 'failed';
  }
}
