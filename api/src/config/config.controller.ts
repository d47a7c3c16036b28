import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { PublicConfig } from '@portfolio/contracts/captcha';
import { APP_CONFIG, type AppConfig } from './app-config.js';

/** GET /api/config: the run-time settings the browser needs (the captcha site key), so no build bakes them in. */
@Controller('config')
export class ConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Header('Cache-Control', 'no-cache')
  publicConfig(): PublicConfig {
    return { recaptchaSiteKey: this.config.recaptcha.siteKey };
  }
}
