import { postJson } from '@portfolio/ui/api-client';

/** What POST /api/verify said of the visitor's captcha answer: yes, no, or nothing (it failed). */
export type CaptchaVerdict = 'valid' | 'refused' | 'failed';

/** Call 1 of docs/product-rules.md: the answer is read as truthy (valid) or falsy (refused); a failed call is `failed`. */
export async function verifyCaptcha(captchaToken: string): Promise<CaptchaVerdict> {
  try {
    const response = await postJson('verify', { captchaToken });
    if (!response.ok) return 'failed';
    return (await response.json()) ? 'valid' : 'refused';
  } catch {
    return 'failed';
  }
}
