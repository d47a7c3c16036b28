import type { LaunchOptions } from '@playwright/test';
import flags from './chromium-flags.json' with { type: 'json' };

/** Debian's Chromium (or CHROMIUM_PATH), with everything that would reach the internet switched off. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? flags.executablePath,
  args: flags.args,
};
