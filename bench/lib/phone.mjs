// A page in puppeteer-core as Lighthouse's mobile mode shows it: the Moto G Power's screen, touch
// and user agent.
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';

/** A new page of `browser` emulating Lighthouse's mobile device. */
export async function phonePage(browser) {
  const page = await browser.newPage();
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
  await page.setUserAgent(userAgents.mobile);
  await page.setViewport({ width, height, deviceScaleFactor, isMobile: true, hasTouch: true });
  return page;
}
