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
 * @returns {Promise<{ clothPixels: number[], changedPixels: number, lowestRows: number[] }>} cloth
 *   pixels in each screenshot; the pixels that are cloth in the first or second and changed
 *   colour visibly between them (the cloth moved in, out, or its folds moved under the light);
 *   and the lowest pixel row holding cloth in each screenshot (rows count down from the top)
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
      return { data, isCloth, width: bitmap.width };
    }));

    const clothPixels = images.map(({ isCloth }) => isCloth.reduce((sum, value) => sum + value, 0));
    const lowestRows = images.map(({ isCloth, width }) => Math.floor(isCloth.lastIndexOf(1) / width));
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
    return { clothPixels, changedPixels, lowestRows };
  }, {
    pngs: screenshots.map((png) => png.toString('base64')),
    color: clothColor,
    maxDistance: maxChromaDistance,
    minChange: minColorChange,
  });
}

// The demo on each backend: the CPU solver, the GPU solver on its float path, and on the split
// half path phones without float render targets take. debug=1 makes the renderer check for WebGL
// errors after every frame, which would surface as a page error.
const backends = [
  { label: 'auto', query: '', backend: 'gpu', precision: 'float' },
  { label: 'cpu', query: '?backend=cpu&debug=1', backend: 'cpu', precision: 'float' },
  { label: 'gpu half', query: '?backend=gpu&precision=half&debug=1', backend: 'gpu', precision: 'half' },
];

for (const { label, query, backend, precision } of backends) {
  test(`the demo draws the cloth falling, with a silent console (${label})`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto(`/web/demo/${query}`);
    await page.waitForFunction(() => /** @type {any} */ (window).nunoDemo?.frames > 0);
    const firstFrameMs = Date.now();
    const demo = () => page.evaluate(() => /** @type {any} */ (window).nunoDemo);
    const { frames: firstFrames } = await demo();

    // The cloth swings down onto the ball within about a second of simulated time. Reset it and
    // pause (the R and P keys) to look while it is still high, then let it run for a second.
    const canvas = page.locator('#view');
    await page.keyboard.press('r');
    await page.keyboard.press('p');
    const justReset = await canvas.screenshot();
    await page.keyboard.press('p');
    await page.waitForTimeout(1000);
    const draped = await canvas.screenshot();
    const { frames, ...inUse } = await demo();
    const framesPerSecond = (frames - firstFrames) / ((Date.now() - firstFrameMs) / 1000);
    if (label === 'auto') await writeFile(new URL('../../test-results/demo.png', import.meta.url), draped);

    const { clothPixels, changedPixels, lowestRows } = await measureClothPixels(page, [justReset, draped]);
    const box = /** @type {{width: number, height: number}} */ (await canvas.boundingBox());
    const canvasPixels = Math.round(box.width * box.height);
    console.log(`metric: demo_cloth_pixels = ${clothPixels[1]} px (${label}, of ${canvasPixels})`);
    console.log(`metric: demo_changed_pixels = ${changedPixels} px (${label}, over 1 s)`);
    console.log(`metric: demo_cloth_bottom_drop = ${lowestRows[1] - lowestRows[0]} px (${label}, over 1 s)`);
    // Software rendering (SwiftShader) while screenshots are taken: for comparing runs only.
    console.log(`metric: demo_frames_per_second = ${framesPerSecond.toFixed(1)} fps (${label}, SwiftShader)`);

    expect(inUse).toEqual({ backend, precision });
    expect(complaints).toEqual([]);
    expect(clothPixels[0]).toBeGreaterThan(0.03 * canvasPixels);
    expect(clothPixels[1]).toBeGreaterThan(0.03 * canvasPixels);
    expect(changedPixels).toBeGreaterThan(0.1 * clothPixels[0]);
    expect(lowestRows[1], 'the cloth\'s lowest point moves down the screen as it falls').toBeGreaterThan(lowestRows[0] + 20);
  });
}

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
