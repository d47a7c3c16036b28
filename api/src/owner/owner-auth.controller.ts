import {
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import {
  loginRequestSchema,
  ownerSessionCookie,
  setPasswordCommand,
  type LoginRequest,
  type OwnerStatus,
} from '@portfolio/contracts/owner';
import { OriginGuard } from '../common/origin.guard.js';
import { SchemaBodyPipe } from '../common/schema-body.pipe.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { OwnerDevices } from './owner-devices.js';
import { OwnerPassword } from './owner-password.js';
import { OwnerSessionGuard, sessionCookieOf } from './owner-session.guard.js';
import { OwnerSessions } from './owner-sessions.service.js';
import { verifyPassword } from './password-hash.js';

/** Path=/ so that page requests carry it too (the preview in server rendering); Secure over HTTPS. */
const cookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure: req.secure,
  path: '/',
});

/**
 * GET status, POST login and logout. Login needs the site's Origin (403) before its body (400) is looked
 * at; wrong passwords are throttled before they get here (common/rate-limit.ts, 429), a browser that
 * logged in before by its own count (owner-devices.ts).
 */
@Controller('owner')
export class OwnerAuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly password: OwnerPassword,
    private readonly sessions: OwnerSessions,
    private readonly devices: OwnerDevices,
  ) {}

  @Get('status')
  async status(@Req() req: Request): Promise<OwnerStatus> {
    const [hash, session] = await Promise.all([this.password.read(), this.sessions.find(sessionCookieOf(req))]);
    return {
      passwordSet: hash !== null,
      loggedIn: session !== null,
      expiresAt: session?.expiresAt.toISOString() ?? null,
    };
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(OriginGuard)
  async login(
    @Body(new SchemaBodyPipe(loginRequestSchema)) body: LoginRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OwnerStatus> {
    const hash = await this.password.read();
    if (!hash) {
      throw new ConflictException({
        message: `No owner password is set yet: run \`${setPasswordCommand}\` on the server.`,
      });
    }
    if (!(await verifyPassword(body.password, hash))) throw new UnauthorizedException({ message: 'Wrong password.' });
    // a login replaces the session this browser had, if any
    await this.sessions.end(sessionCookieOf(req));
    const session = await this.sessions.create();
    res.cookie(ownerSessionCookie, session.id, { ...cookieOptions(req), maxAge: this.config.ownerSession.maxMs });
    // this browser now has its own allowance of wrong passwords, whatever strangers spend (owner-devices.ts)
    this.devices.issue(req, res, hash);
    return { passwordSet: true, loggedIn: true, expiresAt: session.expiresAt.toISOString() };
  }

  @Post('logout')
  @HttpCode(204)
  @UseGuards(OwnerSessionGuard)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.end(sessionCookieOf(req));
    res.clearCookie(ownerSessionCookie, cookieOptions(req));
  }
}
