import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** nodemailer over SMTP_URL, with timeouts short enough that a stuck server never stalls the outbox for long. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(mail: SendMailOptions): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    await this.transport.sendMail(mail);
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
