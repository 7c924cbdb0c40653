// The demo on a phone: Chromium with Playwright's iPhone 13 profile (touch, a 390 x 664 view,
// 3 device pixels per CSS pixel) and the GPU's split half path forced, as on phones without
// float render targets. The cloth falls, touch gestures move the camera, and the overlay fits.
import { devices, expect, test } from '@playwright/test';
import { checkDemo, checkPapers, openDemo, untilFramesDrawn } from '../engines/checks.js';
import { measureClothMotion, measureViewChange } from '../engines/pixels.js';
import { demoHook } from '../engines/page-scripts.js';
import { collectComplaints, playwrightDriver } from '../engines/playwright-driver.js';
import { demoVariants } from '../engines/scenes.js';
import { clothColor } from '../../web/demo/scene.js';
import { metric } from '../node/metric.js';

// The profile's own browser type is WebKit; its touch, size and pixel ratio apply to Chromium
// as they are, and WebKit itself runs in tests/engines.
const { defaultBrowserType, ...iPhone } = devices['iPhone 13'];
test.use(iPhone);

const label = 'phone-chromium';
const halfPath = /** @type {import('../engines/scenes.js').DemoVariant} */ (demoVariants.find(({ precision }) => precision === 'half'));

test.beforeAll(({ browser }) => console.log(`browser: chromium = chromium ${browser.version()}`));

/**
 * One finger's straight path, in CSS pixels.
 * @typedef {{ from: [number, number], to: [number, number] }} FingerPath
 */

/**
 * Moves fingers with real touch input (the DevTools protocol's touch events, which the page
 * receives as touch and pointer events, pointerType 'touch'), each in a straight line, one move
 * per drawn frame as a finger on a phone's screen reports them. Paced by frames, not by time:
 * what a touch grabs is decided from positions read back from the GPU a few frames later.
 * @param {import('@playwright/test').Page} page
 * @param {FingerPath[]} fingers
 */
async function touchGesture(page, fingers) {
  const driver = playwrightDriver(page);
  const moves = 12;
  const at = (/** @type {number} */ t) => fingers.map(({ from, to }, id) => ({
    id, x: from[0] + (to[0] - from[0]) * t, y: from[1] + (to[1] - from[1]) * t,
  }));
  const session = await page.context().newCDPSession(page);
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let move = 1; move <= moves; ++move) {
    await untilFramesDrawn(driver, 1);
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(move / moves) });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

/**
 * @typedef {object} ViewChange
 * @property {number} still pixels changed between two screenshots with no input between them
 * @property {number} moved pixels changed over the gesture
 * @property {number} imagePixels
 * @property {[number, number]} clothPixels cloth-coloured pixels before and after the gesture
 */

/**
 * With the cloth paused, measures how much of the view changes over a gesture, against a
 * control: two screenshots with no input between them.
 * @param {import('@playwright/test').Page} page
 * @param {string} baseURL
 * @param {FingerPath[]} fingers
 * @returns {Promise<ViewChange>}
 */
async function viewChangeUnder(page, baseURL, fingers) {
  const driver = playwrightDriver(page);
  await openDemo({ driver, baseUrl: baseURL }, halfPath);
  await driver.press('p'); // paused: whatever changes on screen now is the camera's doing
  await untilFramesDrawn(driver, 2);
  const first = await driver.screenshot();
  await untilFramesDrawn(driver, 2);
  const second = await driver.screenshot();
  await touchGesture(page, fingers);
  await untilFramesDrawn(driver, 2);
  const third = await driver.screenshot();
  // The overlay's figures (fps, ms/step, strain) change from frame to frame: leave them out.
  const box = /** @type {{ x: number, y: number, width: number, height: number }} */ (await page.locator('#overlay').boundingBox());
  const scale = iPhone.deviceScaleFactor;
  const overlay = { x: Math.floor(box.x * scale), y: Math.floor(box.y * scale), width: Math.ceil(box.width * scale), height: Math.ceil(box.height * scale) };
  const still = measureViewChange([first, second], overlay);
  const moved = measureViewChange([second, third], overlay);
  const { clothPixels } = measureClothMotion([second, third], clothColor);
  return { still: still.changedPixels, moved: moved.changedPixels, imagePixels: moved.imagePixels, clothPixels: [clothPixels[0], clothPixels[1]] };
}

/**
 * Checks a gesture's effect: next to nothing changes without input, and a camera move changes
 * the floor's grid, the ball's shading and the cloth's outline.
 * @param {string} name for the metric line
 * @param {ViewChange} change
 */
function expectViewMoved(name, change) {
  metric(name, change.moved, 'px', `${label}, of ${change.imagePixels}; ${change.still} with no touch`);
  expect(change.still).toBeLessThan(0.01 * change.imagePixels);
  expect(change.moved).toBeGreaterThan(0.03 * change.imagePixels);
}

test('phone: the demo draws the cloth falling (gpu half)', async ({ page, baseURL }) => {
  const complaints = collectComplaints(page);
  await checkDemo({ driver: playwrightDriver(page), baseUrl: /** @type {string} */ (baseURL), label }, halfPath);
  expect(complaints).toEqual([]);
});

// A phone gets the smaller sea by default: 24 x 24 papers (README), because the page sees a touch
// screen; no precision is asked for, so the touch screen alone must choose it. Its count is read
// from the first frame: a second of its 36,864 particles takes software rendering here over two
// minutes. That papers on the half path draw tinted and move, 8 x 8 of them show.
test('phone: the sea of papers is 24 x 24 papers, and on the half path they draw tinted and move', async ({ page, baseURL }) => {
  const complaints = collectComplaints(page);
  const target = { driver: playwrightDriver(page), baseUrl: /** @type {string} */ (baseURL), label };
  const half = { backend: /** @type {const} */ ('gpu'), precision: /** @type {const} */ ('half') };
  await openDemo(target, { label: 'phone papers', query: '?preset=papers&debug=1', backend: 'gpu', precision: 'float' });
  const hook = await target.driver.evaluate(demoHook);
  expect({ backend: hook.backend, particles: hook.particles }).toEqual({ backend: 'gpu', particles: 24 * 24 * 64 });
  await checkPapers(target, { label: '8 x 8 papers, gpu half', query: '?preset=papers&precision=half&papers=8&debug=1', ...half, particles: 8 ** 2 * 64 });
  expect(complaints).toEqual([]);
});

// Both gestures start on the floor, below the ball and above the overlay: a touch on the cloth
// or the ball would grab it instead of turning the camera.
test('phone: a one-finger touch drag on empty canvas orbits the camera', async ({ page, baseURL }) => {
  const complaints = collectComplaints(page);
  const { width, height } = iPhone.viewport;
  const change = await viewChangeUnder(page, /** @type {string} */ (baseURL),
    [{ from: [0.2 * width, 0.78 * height], to: [0.7 * width, 0.78 * height] }]);
  expectViewMoved('phone_orbit_changed_pixels', change);
  expect(complaints).toEqual([]);
});

// Both fingers land in the same frame, as they do on a phone's screen when a pinch starts.
test('phone: a two-finger pinch on empty canvas zooms the camera out', async ({ page, baseURL }) => {
  const complaints = collectComplaints(page);
  const { width, height } = iPhone.viewport;
  const change = await viewChangeUnder(page, /** @type {string} */ (baseURL), [
    { from: [0.25 * width, 0.78 * height], to: [0.4 * width, 0.78 * height] },
    { from: [0.75 * width, 0.78 * height], to: [0.6 * width, 0.78 * height] },
  ]);
  expectViewMoved('phone_pinch_changed_pixels', change);
  // The fingers' span shrinks 2.5 times and the camera backs off as much, so the cloth's area on
  // screen shrinks several times; a camera that only turned would leave it about as large.
  metric('phone_pinch_cloth_pixels', change.clothPixels[1], 'px', `${label}, ${change.clothPixels[0]} before`);
  expect(change.clothPixels[1]).toBeLessThan(0.6 * change.clothPixels[0]);
  expect(complaints).toEqual([]);
});

test('phone: the overlay is visible, and it and every other part of the page fit the viewport', async ({ page, baseURL }) => {
  const complaints = collectComplaints(page);
  await openDemo({ driver: playwrightDriver(page), baseUrl: /** @type {string} */ (baseURL) }, halfPath);
  await expect(page.locator('#overlay')).toBeVisible();
  // The page's top-level parts as laid out: the canvas, the overlay, the panel, whatever comes.
  const parts = await page.evaluate(() => Array.from(document.body.children)
    .filter((element) => getComputedStyle(element).display !== 'none')
    .map((element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { name: element.id ? `#${element.id}` : `${element.tagName.toLowerCase()}.${element.classList[0]}`, left, top, right, bottom };
    }));
  const overlay = parts.find(({ name }) => name === '#overlay');
  const { width, height } = iPhone.viewport;
  if (overlay) {
    metric('phone_overlay_box', `${Math.round(overlay.right - overlay.left)}x${Math.round(overlay.bottom - overlay.top)}`, 'css px',
      `${label}, at ${Math.round(overlay.left)},${Math.round(overlay.top)} in ${width}x${height}`);
  }
  for (const { name, left, top, right, bottom } of parts) {
    expect([left, top], `${name}'s top left corner is on screen`).toEqual([Math.max(left, 0), Math.max(top, 0)]);
    expect([right, bottom], `${name}'s bottom right corner is on screen`).toEqual([Math.min(right, width), Math.min(bottom, height)]);
  }
  const extent = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
  expect(extent, 'the page does not scroll').toEqual([width, height]);
  expect(complaints).toEqual([]);
});

test('phone: the panel opens with a tap and its controls answer taps', async ({ page, baseURL }) => {
  const complaints = collectComplaints(page);
  await openDemo({ driver: playwrightDriver(page), baseUrl: /** @type {string} */ (baseURL) }, halfPath);
  const panel = page.locator('.lil-gui.lil-root');
  await expect(panel, 'closed at first on a small screen').toHaveClass(/lil-closed/);
  await panel.locator('> .lil-title').tap();
  await expect(panel).not.toHaveClass(/lil-closed/);
  const box = /** @type {{x: number, y: number, width: number, height: number}} */ (await panel.boundingBox());
  const { width } = iPhone.viewport;
  metric('phone_panel_box', `${Math.round(box.width)}x${Math.round(box.height)}`, 'css px', `${label}, opened, at ${Math.round(box.x)},${Math.round(box.y)}`);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);

  // Tapping "pause" stops the simulation: the steps taken stop growing.
  const stepsTaken = () => page.evaluate(() => /** @type {any} */ (window).nunoDemo.cloth.stepsTaken);
  await panel.locator('.lil-controller', { hasText: 'pause' }).locator('input').tap();
  const pausedAt = await stepsTaken();
  await page.waitForTimeout(500);
  expect(await stepsTaken(), 'paused by a tap').toBe(pausedAt);
  expect(complaints).toEqual([]);
});
