import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { CaptchaModule } from './captcha/captcha.module.js';
import { JsonErrorFilter } from './common/json-error.filter.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { ContactModule } from './contact/contact.module.js';
import { DownloadModule } from './download/download.module.js';
import { ExperimentsModule } from './experiments/experiments.module.js';
import { HealthModule } from './health/health.module.js';
import { LiveSectionsModule } from './live-sections/live-sections.module.js';
import { ReleasesModule } from './live-sections/releases/releases.module.js';
import { OwnerModule } from './owner/owner.module.js';
import { FieldModule } from './field/field.module.js';
import { SiteModule } from './site/site.module.js';
import { PreviewOrigin } from './common/preview-origin.js';
import { StorageModule } from './storage/storage.module.js';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        StorageModule,
        HealthModule,
        ConfigModule,
        CaptchaModule,
        ContactModule,
        DownloadModule,
        OwnerModule,
        LiveSectionsModule,
        ReleasesModule,
        SiteModule,
        FieldModule,
        ExperimentsModule,
        // production: Nest's logs as JSON through pino; the request lines come from create-app's pino-http
        ...(config.logs === 'json' ? [LoggerModule.forRoot({ useExisting: true })] : []),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: JsonErrorFilter },
        // where previews run (common/preview-origin.ts): its listener, and whether a request came through it
        PreviewOrigin,
      ],
      exports: [APP_CONFIG, PreviewOrigin],
    };
  }
}
