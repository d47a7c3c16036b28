import { e2eOwnerPassword, setOwnerPassword } from './owner';
import { siteDataDir } from './site-server';
import { startStandIns } from './stand-ins';

/**
 * Starts the stand-ins for the captcha provider and the mail server (the returned function stops them), and
 * sets the owner's password of the site under test as the owner does, with `npm run owner:password`. The site
 * keeps its renderers ready and renders its pages ahead by itself (docs/server-rendering.md): every test takes
 * the first answer.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stop = await startStandIns();
  setOwnerPassword(siteDataDir, e2eOwnerPassword);
  return stop;
}
