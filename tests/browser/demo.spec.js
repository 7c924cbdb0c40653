// The demo page in Chromium: it loads silently, draws the cloth, and the cloth moves.
import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { clothColor } from '../../web/demo/scene.js';

/** A pixel counts as cloth when its colour, brightness aside, is this close to the cloth's. */
const maxChromaDistance = 0.1;
/** Summed over r, g and b (0 to 255 each): well above PNG and dithering noise. */
const minColorChange = 30;

/**
 * Records console errors and warnings and uncaught exceptions, from before the page loads.
 * @param {import('@playwright/test').Page} page
 * @returns {string[]}
 */
function collectComplaints(page) {
  /** @type {string[]} */
  const complaints = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      complaints.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => complaints.push(`page error: ${error.message}`));
  return complaints;
}

/**
 * Decodes PNG screenshots with the browser's own decoder (no npm PNG package needed), finds
 * the cloth in each, and compares the first two.
 * @param {import('@playwright/test').Page} page
 * @param {Buffer[]} screenshots same size, at least two
 * @returns {Promise<{ clothPixels: number[], changedPixels: number }>} cloth pixels in each
 *   screenshot, and the pixels that are cloth in the first or second and changed colour
 *   visibly between them (the cloth moved in, out, or its folds moved under the light)
 */
function measureClothPixels(page, screenshots) {
  return page.evaluate(async ({ pngs, color, maxDistance, minChange }) => {
    const chroma = (/** @type {ArrayLike<number>} */ rgb) => {
      const sum = rgb[0] + rgb[1] + rgb[2];
      return [rgb[0] / sum, rgb[1] / sum];
    };
    const target = chroma(color);
    const images = await Promise.all(pngs.map(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }),
        { colorSpaceConversion: 'none' });
      const context = /** @type {OffscreenCanvasRenderingContext2D} */ (
        new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d'));
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const isCloth = new Uint8Array(data.length / 4);
      for (let pixel = 0; pixel < isCloth.length; ++pixel) {
        const rgb = data.subarray(4 * pixel, 4 * pixel + 3);
        if (rgb[0] + rgb[1] + rgb[2] < 60) continue; // too dark to judge a hue
        const [red, green] = chroma(rgb);
        isCloth[pixel] = Math.hypot(red - target[0], green - target[1]) < maxDistance ? 1 : 0;
      }
      return { data, isCloth };
    }));

    const clothPixels = images.map(({ isCloth }) => isCloth.reduce((sum, value) => sum + value, 0));
    const [before, after] = images;
    let changedPixels = 0;
    for (let pixel = 0; pixel < before.isCloth.length; ++pixel) {
      if (!before.isCloth[pixel] && !after.isCloth[pixel]) continue;
      let change = 0;
      for (let channel = 0; channel < 3; ++channel) {
        change += Math.abs(before.data[4 * pixel + channel] - after.data[4 * pixel + channel]);
      }
      if (change >= minChange) changedPixels += 1;
    }
    return { clothPixels, changedPixels };
  }, {
    pngs: screenshots.map((png) => png.toString('base64')),
    color: clothColor,
    maxDistance: maxChromaDistance,
    minChange: minColorChange,
  });
}

test('the demo draws the cloth and it moves, with a silent console', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/');
  await page.waitForFunction(() => /** @type {any} */ (window).nunoDemo?.frames > 0);
  const firstFrameMs = Date.now();
  const framesDrawn = () => page.evaluate(() => /** @type {any} */ (window).nunoDemo.frames);
  const firstFrames = await framesDrawn();

  // The cloth falls onto the ball and settles within about a second of simulated time: look
  // for motion early, then for the cloth on screen once it has landed.
  const canvas = page.locator('#view');
  const falling = await canvas.screenshot();
  await page.waitForTimeout(500);
  const halfSecondLater = await canvas.screenshot();
  await page.waitForTimeout(Math.max(0, firstFrameMs + 1000 - Date.now()));
  const landed = await canvas.screenshot();
  const framesPerSecond = ((await framesDrawn()) - firstFrames) / ((Date.now() - firstFrameMs) / 1000);
  await writeFile(new URL('../../test-results/demo.png', import.meta.url), landed);

  const { clothPixels, changedPixels } = await measureClothPixels(page, [falling, halfSecondLater, landed]);
  const box = /** @type {{width: number, height: number}} */ (await canvas.boundingBox());
  const canvasPixels = Math.round(box.width * box.height);
  console.log(`metric: demo_canvas_pixels = ${canvasPixels} px`);
  console.log(`metric: demo_cloth_pixels = ${clothPixels[2]} px`);
  console.log(`metric: demo_changed_pixels = ${changedPixels} px`);
  // Software rendering (SwiftShader) while screenshots are taken: for comparing runs only.
  console.log(`metric: demo_frames_per_second = ${framesPerSecond.toFixed(1)} fps`);

  expect(complaints).toEqual([]);
  expect(clothPixels[0]).toBeGreaterThan(0.03 * canvasPixels);
  expect(clothPixels[2]).toBeGreaterThan(0.03 * canvasPixels);
  expect(changedPixels).toBeGreaterThan(0.1 * clothPixels[0]);
});

test('without WebGL2 the page explains itself instead of staying black', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    /** @this {HTMLCanvasElement} @param {string} type @param {any[]} rest */
    function withoutWebgl2(type, ...rest) {
      return type === 'webgl2' ? null : getContext.call(this, type, ...rest);
    }
    Object.assign(HTMLCanvasElement.prototype, { getContext: withoutWebgl2 });
  });
  await page.goto('/');
  await expect(page.locator('#message')).toBeVisible();
  await expect(page.locator('#message')).toContainText('needs WebGL 2');
  await expect(page.locator('#view')).toBeHidden();
  expect(complaints).toEqual([]);
});
