// The demo page in Chromium: it loads silently on each backend, draws the cloth and the cloth
// falls (the checks every engine runs, tests/engines/checks.js; WebGPU's in
// demo-webgpu.spec.js), and without WebGL2 it says so.
import { expect, test } from '@playwright/test';
import { checkDemo } from '../engines/checks.js';
import { playwrightDriver } from '../engines/playwright-driver.js';
import { demoVariants } from '../engines/scenes.js';
import { collectComplaints, saveScreenshot } from './demo-helpers.js';

for (const variant of demoVariants) {
  test(`the demo draws the cloth falling, with a silent console (${variant.label})`, async ({ page, baseURL }) => {
    const complaints = collectComplaints(page);
    await checkDemo({ driver: playwrightDriver(page), baseUrl: /** @type {string} */ (baseURL), label: 'chromium' }, variant);
    if (variant.label === 'auto') await saveScreenshot(await page.screenshot(), 'demo.png');
    expect(complaints).toEqual([]);
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
