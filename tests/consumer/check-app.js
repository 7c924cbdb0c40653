// Opens a consumer app in Chromium, as the browser tests launch it, and checks that it draws
// the cloth and that the cloth moves, with the page silent and every file found.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { expectClothMoves, untilPage } from '../engines/checks.js';
import { consumerAppHook } from '../engines/page-scripts.js';
import { collectComplaints, playwrightDriver } from '../engines/playwright-driver.js';
import playwrightConfig from '../../playwright.config.js';
import { serveFolder } from './static-server.js';

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} folder served as the site's root
 * @param {string} page the app's page in it
 * @param {string} label names the consumer in metric lines
 */
export async function checkAppDrawsMovingCloth(browser, folder, page, label) {
  const server = await serveFolder(folder);
  const tab = await browser.newPage({ viewport: playwrightConfig.use?.viewport });
  const complaints = collectComplaints(tab);
  try {
    const driver = playwrightDriver(tab);
    await driver.goto(`${server.url}${page}`);
    const status = /** @type {NonNullable<Awaited<ReturnType<typeof consumerAppHook>>>} */ (
      await untilPage(driver, consumerAppHook, (value) => (value?.frames ?? 0) > 0, 'the app drew no frame')
        .catch((error) => { throw new Error(`${error.message}; the page said: ${complaints.join(' | ') || 'nothing'}`); }));
    const first = await driver.screenshot();
    await sleep(1000);
    const second = await driver.screenshot();
    expectClothMoves('app', [first, second], status.color, `${label}, ${status.backend} ${status.precision}`);
    // backend 'auto' picks the GPU in this Chromium: the packaged GPU solver and shaders ran.
    assert.equal(status.backend, 'gpu');
    assert.deepEqual(complaints, []);
  } finally {
    await tab.close();
    await server.close();
  }
}
