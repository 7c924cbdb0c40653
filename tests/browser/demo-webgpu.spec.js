// The demo on the WebGPU backend in Chromium (WebGPU on SwiftShader's Vulkan here): the cloth
// and the papers drawn with WebGPU into the canvas over the WebGL one (the demo checks of
// tests/engines/checks.js), with nothing read back or uploaded per frame to draw them, the GPU's
// time per step in the corner, a drag picked on the GPU, and a switch to WebGL2 and back.
import { expect, test } from '@playwright/test';
import { checkDemo, checkPapers } from '../engines/checks.js';
import { collectComplaints, playwrightDriver } from '../engines/playwright-driver.js';
import { measureClothMotion } from '../engines/pixels.js';
import { webGpuDemoVariants } from '../engines/scenes.js';
import { clothColor } from '../../web/demo/scene.js';
import { metric } from '../node/metric.js';
import { webGpuCanvasLaunchOptions } from './chromium-flags.js';
import { mouseDrag, pullTheCurtain } from './demo-drags.js';
import { clothInUse, openDemo, setControl, waitForFrames } from './demo-helpers.js';

test.use({ launchOptions: webGpuCanvasLaunchOptions });
test.describe.configure({ timeout: 240_000 });

/** @param {import('@playwright/test').Page} page */
const drawnWithWebGpu = (page) => page.evaluate(() => /** @type {any} */ (window).nunoDemo.drawnWithWebGpu);

test('the demo draws the WebGPU cloth falling, with WebGPU, and a silent console', async ({ page, baseURL }) => {
  const complaints = collectComplaints(page);
  await checkDemo({ driver: playwrightDriver(page), baseUrl: /** @type {string} */ (baseURL), label: 'chromium' }, webGpuDemoVariants.sheet);
  expect(await drawnWithWebGpu(page)).toBe(true);
  await expect(page.locator('#view-webgpu')).toBeVisible();
  expect(complaints).toEqual([]);
});

test('the sea of papers on WebGPU draws tinted papers that move', async ({ page, baseURL }) => {
  const complaints = collectComplaints(page);
  await checkPapers({ driver: playwrightDriver(page), baseUrl: /** @type {string} */ (baseURL), label: 'chromium' }, webGpuDemoVariants.papers);
  expect(await drawnWithWebGpu(page)).toBe(true);
  expect(complaints).toEqual([]);
});

test('a WebGPU frame draws the cloth from its own buffer: no read-back, no upload of positions, and the GPU time per step in the corner', async ({ page }) => {
  const complaints = collectComplaints(page);
  // Every map (a read-back) and every byte written to a GPU buffer or uploaded to a GL texture.
  await page.addInitScript(() => {
    const counts = { maps: /** @type {number[]} */ ([]), writes: /** @type {number[]} */ ([]), glUploads: 0 };
    Object.assign(window, { gpuTraffic: counts });
    const { mapAsync } = GPUBuffer.prototype;
    GPUBuffer.prototype.mapAsync = function (/** @type {any[]} */ ...rest) {
      counts.maps.push(this.size);
      return mapAsync.apply(this, /** @type {any} */ (rest));
    };
    const { writeBuffer } = GPUQueue.prototype;
    GPUQueue.prototype.writeBuffer = function (/** @type {any[]} */ ...rest) {
      counts.writes.push(/** @type {ArrayBufferView | ArrayBuffer} */ (rest[2]).byteLength - (rest[3] ?? 0));
      return writeBuffer.apply(this, /** @type {any} */ (rest));
    };
    for (const name of /** @type {const} */ (['texImage2D', 'texSubImage2D'])) {
      const upload = WebGL2RenderingContext.prototype[name];
      WebGL2RenderingContext.prototype[name] = /** @type {any} */ (function (/** @type {any[]} */ ...rest) {
        counts.glUploads += 1;
        return /** @type {any} */ (upload).apply(this, rest);
      });
    }
  });
  await openDemo(page, '?backend=webgpu');
  const traffic = () => page.evaluate(() => {
    const { gpuTraffic, nunoDemo } = /** @type {any} */ (window);
    return { ...gpuTraffic, maps: [...gpuTraffic.maps], writes: [...gpuTraffic.writes], frames: nunoDemo.frames, steps: nunoDemo.cloth.stepsTaken, particles: nunoDemo.cloth.particleCount, ms: performance.now() };
  });
  const before = await traffic();
  await waitForFrames(page, 30);
  const after = await traffic();
  const frames = after.frames - before.frames;
  const positionBytes = 16 * after.particles;
  const readBacks = after.maps.slice(before.maps.length).filter((size) => size >= positionBytes).length;
  // The corner's strain is read back every half second (shape-probe.js): the only read-back of the cloth.
  const probeReads = Math.ceil((after.ms - before.ms) / 500) + 1;
  const writes = after.writes.slice(before.writes.length);
  const largestWrite = Math.max(...writes);
  metric('demo_webgpu_read_backs', readBacks, 'reads', `of ${frames} frames, ${after.steps - before.steps} steps; strain probe allows ${probeReads}`);
  metric('demo_webgpu_written_bytes_per_frame', ((writes.reduce((sum, bytes) => sum + bytes, 0)) / frames).toFixed(0), 'B',
    `the steps' and the drawing's uniforms; largest write ${largestWrite} B, positions would be ${12 * after.particles} B or more`);
  expect(frames).toBeGreaterThanOrEqual(30);
  expect(readBacks, 'the cloth is read back for the strain figure only').toBeLessThanOrEqual(Math.min(probeReads, frames / 3));
  expect(largestWrite, 'uniforms only, no positions').toBeLessThan(12 * after.particles);
  expect(after.glUploads - before.glUploads, 'nothing uploaded to WebGL').toBe(0);
  await expect(page.locator('#stats')).toContainText(/^\d+ fps · [\d.]+ ms\/step submitting · GPU ≈ \d+\.\d\d ms\/step, ≈ \d+\.\d\d ms\/drawing/);
  expect(complaints).toEqual([]);
});

test('a mouse drag on the WebGPU curtain pulls the particles under the pointer along (picked on the GPU)', async ({ page }) => {
  await pullTheCurtain(page, mouseDrag(page), 'mouse, webgpu', 'webgpu');
});

test('switching the backend to WebGL2 and back hides and shows the WebGPU canvas; a new WebGPU cloth keeps drawing', async ({ page }) => {
  const complaints = collectComplaints(page);
  await openDemo(page, '?backend=webgpu');
  const webGpuCanvas = page.locator('#view-webgpu');
  await expect(webGpuCanvas).toBeVisible();
  await setControl(page, 'cloth (makes a new one)', 'backend', 'gpu');
  await waitForFrames(page, 2);
  expect((await clothInUse(page)).backend).toBe('gpu');
  expect(await drawnWithWebGpu(page)).toBe(false);
  await expect(webGpuCanvas).toBeHidden();
  await setControl(page, 'cloth (makes a new one)', 'backend', 'webgpu');
  await waitForFrames(page, 2);
  expect((await clothInUse(page)).backend).toBe('webgpu');
  expect(await drawnWithWebGpu(page)).toBe(true);
  await expect(webGpuCanvas).toBeVisible();
  // A new WebGPU cloth and renderer replace the running ones, on the same canvas.
  await setControl(page, 'cloth (makes a new one)', 'particles per side', '24');
  await waitForFrames(page, 3);
  expect((await clothInUse(page)).particles).toBe(24 * 24);
  const shot = await page.screenshot();
  const [clothPixels] = measureClothMotion([shot, shot], clothColor).clothPixels;
  metric('demo_webgpu_new_cloth_pixels', clothPixels, 'px', 'after a new 24 x 24 WebGPU cloth replaced the running one');
  expect(clothPixels, 'the new cloth is drawn').toBeGreaterThan(2000);
  expect(complaints).toEqual([]);
});
