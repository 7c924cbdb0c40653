// The demo under the strict Content-Security-Policy the README promises the package runs under,
// as scripts/serve.mjs sends it with the demo's files: the page starts, draws the cloth and the
// cloth moves, with no violation reported to the page and no complaint in its console.
import { expect, test } from '@playwright/test';
import { measureClothMotion } from '../engines/pixels.js';
import { metric } from '../node/metric.js';
import { clothColor } from '../../web/demo/scene.js';
import { collectComplaints, setControl, waitForSteps } from './demo-helpers.js';

/** Scripts from the page's origin only, wasm compiled from them, nothing inline or from data: URLs. */
const strictPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
/** The cloth must cover more of the view than this share of its pixels. */
const minClothShare = 0.02;

test('the demo runs under a strict Content-Security-Policy, with no violation', async ({ page }) => {
  const complaints = collectComplaints(page);
  // Before any of the page's own code: a violation can stop the page before it starts.
  await page.addInitScript(() => {
    /** @type {string[]} */
    const violations = [];
    Object.assign(window, { policyViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const violations = () => page.evaluate(() => /** @type {any} */ (window).policyViolations);

  const response = await page.goto('/web/demo/');
  expect(response?.headers()['content-security-policy'], 'the server sends the policy with the page').toBe(strictPolicy);
  // Started, or stopped by the policy: a page it stops never draws.
  await page.waitForFunction(() => {
    const { nunoDemo, policyViolations } = /** @type {any} */ (window);
    return nunoDemo?.frames >= 3 || policyViolations.length > 0;
  });
  expect(await violations(), 'violations while starting').toEqual([]);

  const first = await page.screenshot();
  await waitForSteps(page, 30);
  const second = await page.screenshot();
  const motion = measureClothMotion([first, second], clothColor);
  metric('csp_cloth_pixels', motion.clothPixels[1], 'px', `strict policy, of ${motion.imagePixels}`);
  metric('csp_changed_pixels', motion.changedPixels, 'px', 'strict policy, over 0.5 s simulated');
  for (const pixels of motion.clothPixels) expect(pixels).toBeGreaterThan(minClothShare * motion.imagePixels);
  expect(motion.changedPixels).toBeGreaterThan(0.1 * motion.clothPixels[0]);

  // The panel's arrows and tick: a folder opened, a list shown, a box ticked and unticked.
  await setControl(page, 'solver', 'solver', 'PBD');
  await setControl(page, null, 'wireframe (W)', 'true');
  await setControl(page, null, 'wireframe (W)', 'false');
  await page.evaluate(() => document.fonts.ready);
  expect(await violations(), 'violations while running').toEqual([]);
  expect(complaints).toEqual([]);
});
