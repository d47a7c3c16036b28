import { BadGatewayException, Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { captchaVerifySchema, type CaptchaVerifyRequest } from '@portfolio/contracts/captcha';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SchemaBodyPipe } from '../common/schema-body.pipe.js';
import { OriginGuard, requireTrustedOrigin } from '../common/origin.guard.js';
import { ContactPassService } from './contact-pass.service.js';
import { CaptchaProviderUnavailableError, SiteverifyClient } from './siteverify-client.js';

/** Call 1 of docs/product-rules.md: POST /api/verify {captchaToken} answers true or false; true also hands out a contact pass. */
@Controller('verify')
@UseGuards(OriginGuard)
export class CaptchaController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly siteverify: SiteverifyClient,
    private readonly passes: ContactPassService,
  ) {}

  @Post()
  @HttpCode(200)
  async verify(
    @Body(new SchemaBodyPipe(captchaVerifySchema)) body: CaptchaVerifyRequest,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const hostname = new URL(requireTrustedOrigin(req, this.config)).hostname;
    let valid: boolean;
    try {
      valid = await this.siteverify.verify(body.captchaToken, hostname, req.ip);
    } catch (error) {
      if (error instanceof CaptchaProviderUnavailableError) throw new BadGatewayException({ message: error.message });
      throw error;
    }
    if (valid) await this.passes.issue(req, res);
    // a bare JSON true/false (Nest would send a bare boolean as text)
    res.json(valid);
  }
}
