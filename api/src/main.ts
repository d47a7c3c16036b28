import { loadConfig } from './config/app-config.js';
import { createApp } from './create-app.js';

const config = loadConfig();
const app = await createApp(config);
await app.listen(config.port);
console.log(`Portfolio site on http://localhost:${config.port} (API under /api)`);
