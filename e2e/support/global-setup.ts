import { e2eOwnerPassword, setOwnerPassword } from './owner';
import { startRenderers } from './renderers';
import { siteDataDir } from './site-server';
import { startStandIns } from './stand-ins';

/**
 * Starts the stand-ins for the captcha provider and the mail server (the returned function stops them),
 * sets the owner's password of the site under test as the owner does, with `npm run owner:password`, and
 * starts the site's renderers (docs/server-rendering.md).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stop = await startStandIns();
  setOwnerPassword(siteDataDir, e2eOwnerPassword);
  await startRenderers();
  return stop;
}
