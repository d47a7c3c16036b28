import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** The captcha provider could not give an answer (unreachable, timed out, or answered nonsense). */
export class CaptchaProviderUnavailableError extends Error {
  override readonly name = 'CaptchaProviderUnavailableError';
}

interface SiteverifyAnswer {
  success?: unknown;
  hostname?: unknown;
  'error-codes'?: unknown;
}

/** Google reCAPTCHA siteverify over HTTP: the secret stays on the server, the answer is checked here. */
@Injectable()
export class SiteverifyClient {
  private readonly logger = new Logger('Captcha');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** True when the provider vouches for the token and, with real keys, for the page's hostname. */
  async verify(token: string, expectedHostname: string, remoteIp: string | undefined): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.config.recaptcha.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: SiteverifyAnswer;
    try {
      const response = await fetch(this.config.recaptcha.verifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
      const body: unknown = await response.json();
      if (typeof body !== 'object' || body === null)
        throw new Error('siteverify answered something other than an object');
      answer = body;
    } catch (error) {
      this.logger.warn(`siteverify failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new CaptchaProviderUnavailableError('The captcha provider could not be reached.', { cause: error });
    }
    if (answer.success !== true) return false;
    if (this.config.recaptcha.checkHostname && answer.hostname !== expectedHostname) {
      this.logger.warn(`captcha solved on ${String(answer.hostname)}, expected ${expectedHostname}`);
      return false;
    }
    return true;
  }
}
