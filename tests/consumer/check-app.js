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
 * @param {{ isolated?: boolean }} [options] isolated: served with COOP/COEP, so its CPU cloth takes threads
 */
export async function checkAppDrawsMovingCloth(browser, folder, page, label, { isolated = false } = {}) {
  const server = await serveFolder(folder, { isolated });
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
    // 'auto' threads: one per core up to 4 on an isolated host, else one.
    const threads = isolated ? Math.min(status.cores, 4) : 1;
    console.log(`metric: consumer_cpu_threads = ${status.cpu.threads} (${label}${isolated ? ', isolated host' : ''})`);
    assert.equal(status.cpu.threads, threads, `the CPU cloth's threads (${status.cores} cores)`);
    assert.ok(status.cpu.fell > 0.001, `the CPU cloth fell ${status.cpu.fell} m in 10 steps`);
    assert.deepEqual(complaints, []);
  } finally {
    await tab.close();
    await server.close();
  }
}
