// The three.js example's frame time with and without its two cloths (a flag of 1,000 particles
// in gusting wind, a sheet of 1,024 with self-collision over a box and a ball), on each backend,
// in headless Chromium: each frame stepped, drawn and waited for, the median of `frames`. On
// SwiftShader here (software rendering), so the ratio is the figure to read, not the times.
// Part of `npm run bench`; alone: `node tests/bench/three-example-bench.mjs`.
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import playwrightConfig from '../../playwright.config.js';
import { startServer } from '../../scripts/serve.mjs';
import { chromiumArgs, webGpuCanvasArgs } from '../browser/chromium-flags.js';

/**
 * @typedef {object} ExampleFrameTime
 * @property {string} backend the example's ?backend=
 * @property {number} withClothsMs median ms a frame, the cloths stepping and drawn
 * @property {number} withoutClothsMs median ms a frame, the cloths hidden and not stepped
 */

/**
 * @param {{ frames?: number, progress?: (line: string) => void }} [options]
 * @returns {Promise<ExampleFrameTime[]>}
 */
export async function runThreeExampleBench({ frames = 9, progress = () => {} } = {}) {
  const { launchOptions, viewport } = playwrightConfig.use ?? {};
  const server = await startServer({ port: 0 });
  /** @type {ExampleFrameTime[]} */
  const rows = [];
  try {
    for (const backend of ['cpu', 'worker', 'gpu', 'webgpu']) {
      // Presenting a WebGPU canvas needs Vulkan compositing (chromium-flags.js).
      const browser = await chromium.launch({ ...launchOptions, args: backend === 'webgpu' ? webGpuCanvasArgs : chromiumArgs });
      try {
        const page = await browser.newPage({ viewport });
        await page.goto(`${server.url}examples/three/?backend=${backend}`);
        await page.waitForFunction(() => (/** @type {any} */ (window).nunoThreeExample?.frames ?? 0) > 2, null, { timeout: 180_000 });
        const measure = (/** @type {boolean} */ withCloths) => page.evaluate(
          ([count, shown]) => /** @type {any} */ (window).nunoThreeExample.measureFrameMs(count, shown), /** @type {const} */ ([frames, withCloths]));
        const withoutClothsMs = await measure(false);
        const withClothsMs = await measure(true);
        progress(`  ${backend}: ${withClothsMs.toFixed(1)} ms a frame with the cloths, ${withoutClothsMs.toFixed(1)} without`);
        rows.push({ backend, withClothsMs, withoutClothsMs });
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runThreeExampleBench({ progress: (line) => console.error(line) });
  for (const row of rows) {
    console.log(`${row.backend}: ${row.withClothsMs.toFixed(1)} / ${row.withoutClothsMs.toFixed(1)} ms = ${(row.withClothsMs / row.withoutClothsMs).toFixed(2)}x`);
  }
}
