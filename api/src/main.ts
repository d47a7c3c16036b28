import inspector from 'node:inspector';
import { Logger } from '@nestjs/common';
import { loadConfig } from './config/app-config.js';
import { IdleCollector } from './common/idle-collector.js';
import { PreviewOrigin } from './common/preview-origin.js';
import { createApp } from './create-app.js';
import { DownloadService } from './download/download.service.js';
import { stopApp } from './shutdown.js';

/** SIGTERM must end the process within this long (orchestrators kill it at 10 s). */
const stopDeadlineMs = 9_000;

const config = loadConfig();
const logger = new Logger('Main');
// an open inspector runs any code sent to it, the owner's secrets and the database in reach: never in production
if (process.env.NODE_ENV === 'production' && inspector.url()) {
  logger.error(`an inspector is open (${inspector.url()}): start the server without --inspect (api.nodeFlags)`);
  process.exit(1);
}
const app = await createApp(config);
// said once the app's logger writes (JSON lines in production)
if (
  process.env.NODE_ENV === 'production' &&
  ![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => flag.includes('--disable-sigusr1'))
)
  logger.warn(
    'started without --disable-sigusr1 (api.nodeFlags): a process allowed to signal it can open its inspector',
  );
await app.listen(config.port);
// the resume PDF built now, while nobody waits for it (createApp leaves it to the first download)
app.get(DownloadService).warm();
logger.log(`Portfolio site on http://localhost:${config.port} (API under /api)`);
const previews = app.get(PreviewOrigin);
if (previews.server) logger.log(`Previews of sections on ${previews.url} (port ${previews.port})`);
// what load grew is given back once the server is quiet (docs/performance.md, "Idle within 320 MB")
const idleCollector = new IdleCollector({ lookMs: 5_000, quietLooks: 2, quietRequests: 2 }).watch();

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.log(`${signal}: stopping`);
    idleCollector.stop();
    setTimeout(() => {
      logger.error(`still stopping after ${stopDeadlineMs} ms: exiting anyway`);
      process.exit(1);
    }, stopDeadlineMs).unref();
    stopApp(app).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`stopping failed: ${String(error)}`);
        process.exit(1);
      },
    );
  });
}
