import { startStandIns } from './stand-ins';

/** Starts the stand-ins for the captcha provider and the mail server; the returned function stops them. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startStandIns();
}
