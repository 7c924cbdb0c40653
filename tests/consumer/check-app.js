// Opens a consumer app in Chromium, as the browser tests launch it, and checks that it draws
// the cloth and that the cloth moves, with the page silent and every file found.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkThreeScene, clothMovedEnough, expectClothMoves, flagStripesShown, lookAtThreeExample, untilPage } from '../engines/checks.js';
import { consumerAppHook } from '../engines/page-scripts.js';
import { measureClothMotion } from '../engines/pixels.js';
import { collectComplaints, playwrightDriver } from '../engines/playwright-driver.js';
import playwrightConfig from '../../playwright.config.js';
import { serveFolder } from './static-server.js';

/** Frames the app draws before its cloth is looked at. */
const framesBeforeLooking = 10;

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
    // The curtain starts at rest and the gusts start at the page's clock: a second from its very
    // first frame, at a lull, it had moved 5,637 px of 104,771 (an isolated host's page, whose
    // helper threads start before it draws, was caught there in 2 of 5 runs). From its tenth it swings.
    const status = /** @type {NonNullable<Awaited<ReturnType<typeof consumerAppHook>>>} */ (
      await untilPage(driver, consumerAppHook, (value) => (value?.frames ?? 0) >= framesBeforeLooking, `the app drew fewer than ${framesBeforeLooking} frames`)
        .catch((error) => { throw new Error(`${error.message}; the page said: ${complaints.join(' | ') || 'nothing'}`); }));
    const first = await driver.screenshot();
    const framesBefore = /** @type {number} */ ((await driver.evaluate(consumerAppHook))?.frames);
    await sleep(1000);
    const framesAfter = /** @type {number} */ ((await driver.evaluate(consumerAppHook))?.frames);
    console.log(`metric: app_frames_in_a_second = ${framesAfter - framesBefore} (${label}${isolated ? ', isolated host' : ''}, SwiftShader)`);
    // The gusts repeat every 1.9 s, and a slow screenshot can make the two views a whole gust
    // apart: CI saw 3,274 px of 103,033 change so. The cloth is looked at up to three times
    // more, and the view that differs most from the first is the one judged.
    let second = await driver.screenshot();
    let motion = measureClothMotion([first, second], status.color);
    for (let look = 0; look < 3 && !clothMovedEnough(motion); ++look) {
      await sleep(400);
      const next = await driver.screenshot();
      const nextMotion = measureClothMotion([first, next], status.color);
      if (nextMotion.changedPixels > motion.changedPixels) [second, motion] = [next, nextMotion];
    }
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

/**
 * Opens the three.js example as the app built it and checks that its flag is drawn and moves.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} folder served as the site's root
 * @param {'cpu' | 'gpu' | 'webgpu'} backend the example's ?backend=
 */
export async function checkThreeExampleMoves(browser, folder, backend) {
  const server = await serveFolder(folder);
  const tab = await browser.newPage({ viewport: playwrightConfig.use?.viewport });
  const complaints = collectComplaints(tab);
  try {
    const driver = playwrightDriver(tab);
    await driver.goto(`${server.url}three/index.html?backend=${backend}`);
    const framesDrawn = () => tab.evaluate(() => /** @type {number} */ (/** @type {any} */ (window).nunoThreeExample?.frames ?? 0));
    // Software GL steps the GPU cloths slowly here: seconds a frame while the sheet lands.
    const untilFrames = async (/** @type {number} */ count) => {
      for (const start = Date.now(); (await framesDrawn()) <= count;) {
        if (Date.now() - start > 180_000) throw new Error(`the example drew no more than ${count} frames in 3 minutes; the page said: ${complaints.join(' | ') || 'nothing'}`);
        await sleep(250);
      }
    };
    await untilFrames(5);
    const first = await driver.screenshot();
    await untilFrames((await framesDrawn()) + 2);
    const { blue, red, moved, views } = await lookAtThreeExample(first, () => driver.screenshot(), async () => untilFrames(await framesDrawn()));
    const edgeFromPole = await tab.evaluate(() => /** @type {any} */ (window).nunoThreeExample.stopAndMeasureFlagEdge());
    console.log(`metric: consumer_three_example_pixels = ${blue} blue + ${red} red px, ${moved} px moved, judged from ${views} later view(s) (vite consumer, ${backend})`);
    assert.equal(await tab.evaluate(() => /** @type {any} */ (window).nunoThreeExample.backend), backend);
    assert.ok(flagStripesShown({ blue, red }), `the flag's blue and red stripes: ${blue} and ${red} px`);
    assert.ok(moved > 500, `the flag waves and the sheet moves: ${moved} px`);
    assert.ok(edgeFromPole < 0.001, `the flag's edge on its moving pole: ${edgeFromPole} m from its axis`);
    assert.deepEqual(complaints, []);
  } finally {
    await tab.close();
    await server.close();
  }
}

/**
 * Opens the three.js scene of the browser tests (tests/browser/three.html) as the app built it,
 * and checks it drawn: the cloth's map and shadow on screen, three's control objects untouched.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} folder served as the site's root
 * @param {'cpu' | 'gpu' | 'webgpu'} backend
 * @param {'webgl' | 'webgpu'} renderer
 */
export async function checkThreeSceneBuilt(browser, folder, backend, renderer) {
  const server = await serveFolder(folder);
  const tab = await browser.newPage({ viewport: playwrightConfig.use?.viewport });
  const complaints = collectComplaints(tab);
  try {
    await checkThreeScene({ driver: playwrightDriver(tab), baseUrl: server.url, label: 'vite consumer' }, backend, { page: 'three-scene/index.html', renderer });
    assert.deepEqual(complaints, []);
  } finally {
    await tab.close();
    await server.close();
  }
}
