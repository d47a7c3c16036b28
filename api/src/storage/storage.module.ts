import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE, openDatabase, type Database } from './database.js';

/** The one database connection; closed last, after the workers that use it have stopped. */
@Global()
@Module({
  providers: [{ provide: DATABASE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => openDatabase(config) }],
  exports: [DATABASE],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.database.close();
  }
}
