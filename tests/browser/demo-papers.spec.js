// The demo's sea of papers in Chromium (SwiftShader here): tinted papers on screen that move,
// the desktop default of 64 x 64 papers (262,144 particles) on the GPU, fewer on the CPU with a
// notice saying so, and the wind controls reaching the running papers.
import { expect, test } from '@playwright/test';
import { checkPapers } from '../engines/checks.js';
import { paperVariants } from '../engines/scenes.js';
import { collectComplaints, playwrightDriver } from '../engines/playwright-driver.js';
import { openDemo, setControl, waitForSteps } from './demo-helpers.js';
import { papersPerSide } from '../../web/demo/demo-settings.js';

test.describe.configure({ timeout: 240_000 });

test.beforeAll(({ browser }) => console.log(`browser: chromium = chromium ${browser.version()}`));

for (const variant of paperVariants) {
  test(`the sea of papers draws tinted papers that move (${variant.label})`, async ({ page, baseURL }) => {
    const complaints = collectComplaints(page);
    await checkPapers({ driver: playwrightDriver(page), baseUrl: /** @type {string} */ (baseURL), label: 'chromium' }, variant);
    expect(complaints).toEqual([]);
  });
}

test('the sea of papers runs 64 x 64 papers (262,144 particles) on a desktop GPU by default', async ({ page }) => {
  const complaints = collectComplaints(page);
  // Each step shades 262,144 texels 140 times on this machine's two cores, so one step (GPU
  // steps are queued, not waited for): that papers move is the 8 x 8 tests' part.
  await openDemo(page, '?preset=papers', 1);
  await waitForSteps(page, 1);
  const state = await page.evaluate(() => {
    const hook = /** @type {any} */ (window).nunoDemo;
    return { backend: hook.backend, precision: hook.precision, particles: hook.cloth.particleCount, patches: hook.cloth.patchCount };
  });
  expect(state).toEqual({ backend: 'gpu', precision: 'float', particles: 262_144, patches: papersPerSide.gpu ** 2 });
  await expect(page.locator('#stats')).toContainText('262,144 particles');
  expect(complaints).toEqual([]);
});

test('the sea of papers on the CPU runs 16 x 16 papers and says so', async ({ page }) => {
  await openDemo(page, '?preset=papers&backend=cpu');
  const notice = page.locator('#notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(`On the CPU: ${papersPerSide.cpu} x ${papersPerSide.cpu} papers (${(papersPerSide.cpu ** 2).toLocaleString('en')}); ` +
    `the GPU backend runs ${papersPerSide.gpu} x ${papersPerSide.gpu}.`);
  await expect(page.locator('#stats')).toContainText(`${(papersPerSide.cpu ** 2 * 64).toLocaleString('en')} particles`);
  // The demo is served cross-origin isolated, so 'auto' threads step the papers: up to 4, one per core.
  const threads = await page.evaluate(() => Math.min(navigator.hardwareConcurrency, 4));
  await expect(page.locator('#stats')).toContainText(threads > 1 ? `CPU (wasm, ${threads} threads)` : 'CPU (wasm) ·');
});

test("where 'auto' puts the papers on the CPU, they are as many as the CPU runs and the page says why", async ({ page }) => {
  // A device without float or half-float render targets: the GPU backend cannot run there.
  await page.addInitScript(() => {
    const missing = ['EXT_color_buffer_float', 'EXT_color_buffer_half_float'];
    const { getExtension, getSupportedExtensions } = WebGL2RenderingContext.prototype;
    WebGL2RenderingContext.prototype.getExtension = function (name) {
      return missing.includes(name) ? null : getExtension.call(this, name);
    };
    WebGL2RenderingContext.prototype.getSupportedExtensions = function () {
      return (getSupportedExtensions.call(this) ?? []).filter((name) => !missing.includes(name));
    };
  });
  await openDemo(page, '?preset=papers');
  const state = await page.evaluate(() => {
    const hook = /** @type {any} */ (window).nunoDemo;
    return { backend: hook.backend, patches: hook.cloth.patchCount };
  });
  expect(state).toEqual({ backend: 'cpu', patches: papersPerSide.cpu ** 2 });
  // No float render targets makes the page a phone's, which asks for papersPerSide.phone.
  const notice = page.locator('#notice');
  await expect(notice).toContainText('On the CPU: nuno: the GPU backend needs float or half-float render targets');
  await expect(notice).toContainText(`On the CPU: ${papersPerSide.cpu} x ${papersPerSide.cpu} papers (${(papersPerSide.cpu ** 2).toLocaleString('en')}); ` +
    `the GPU backend runs ${papersPerSide.phone} x ${papersPerSide.phone}.`);
});

test('the sea of papers takes its wind controls while it runs', async ({ page }) => {
  const complaints = collectComplaints(page);
  await openDemo(page, '?preset=papers&papers=8');
  const before = await page.evaluate(() => /** @type {any} */ (window).nunoDemo.cloth.settings.windGustSpeed);
  await setControl(page, 'wind', 'gust field (m/s)', '4');
  await setControl(page, 'wind', 'drag across (1/s)', '12');
  await waitForSteps(page, 2);
  const after = await page.evaluate(() => {
    const { settings } = /** @type {any} */ (window).nunoDemo.cloth;
    return { gusts: settings.windGustSpeed, normalDrag: settings.windNormalDrag, patches: /** @type {any} */ (window).nunoDemo.cloth.patchCount };
  });
  expect(before).toBe(1.5);
  expect(after).toEqual({ gusts: 4, normalDrag: 12, patches: 64 });
  expect(complaints).toEqual([]);
});
