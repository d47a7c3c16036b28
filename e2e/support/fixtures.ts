import { test as base } from '@playwright/test';
import { routeCaptchaToStandIn } from './captcha-stand-in';

/** Playwright's test with the captcha provider routed to the local stand-in in every page. */
export const test = base.extend<{ captchaRequests: string[] }>({
  captchaRequests: [
    async ({ page }, use) => {
      await use(await routeCaptchaToStandIn(page));
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
