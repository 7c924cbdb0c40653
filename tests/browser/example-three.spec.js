// The three.js example app (examples/three/, served by `npm start`) in Chromium, on the CPU and
// in a worker: the flag's stripes on screen, the picture moving, the page silent. Its WebGL2 and
// WebGPU runs are the consumer test's (tests/consumer/), which builds the same page with Vite
// from the packed package: on software rendering each takes most of a minute, once is enough.
import { expect, test } from '@playwright/test';
import { flagStripesShown, lookAtThreeExample } from '../engines/checks.js';
import { collectComplaints } from '../engines/playwright-driver.js';

test.describe.configure({ timeout: 120_000 });

/** @param {import('@playwright/test').Page} page */
const framesOf = (page) => page.evaluate(() => /** @type {number} */ (/** @type {any} */ (window).nunoThreeExample?.frames ?? 0));

for (const backend of ['cpu', 'worker']) {
  test(`the three.js example draws its flag and sheet moving on ${backend}`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto(`/examples/three/?backend=${backend}`);
    await expect.poll(() => framesOf(page), { timeout: 60_000 }).toBeGreaterThan(5);
    const shoot = (/** @type {number} */ k) => page.locator('#view').screenshot({ path: test.info().outputPath(`example-${backend}-${k}.png`) });
    const first = await shoot(0);
    const framesThen = await framesOf(page);
    await expect.poll(() => framesOf(page), { timeout: 60_000 }).toBeGreaterThan(framesThen + 2);
    let shots = 0;
    const { blue, red, moved, views } = await lookAtThreeExample(first, () => shoot(++shots),
      async () => { const drawn = await framesOf(page); await expect.poll(() => framesOf(page), { timeout: 60_000 }).toBeGreaterThan(drawn); });
    const used = await page.evaluate(() => /** @type {any} */ (window).nunoThreeExample.backend);
    const edgeFromPole = await page.evaluate(() => /** @type {any} */ (window).nunoThreeExample.stopAndMeasureFlagEdge());
    console.log(`metric: three_example_pixels = ${blue} blue + ${red} red px, ${moved} px moved, judged from ${views} later view(s); ` +
      `the flag's edge ${(edgeFromPole * 1000).toFixed(3)} mm from the pole's axis (${backend})`);
    expect(used).toBe(backend);
    expect(flagStripesShown({ blue, red }), `the flag's blue and red stripes: ${blue} and ${red} px`).toBe(true);
    expect(moved, 'the flag waves and the sheet moves').toBeGreaterThan(500);
    expect(edgeFromPole, 'the flag\'s edge on its moving pole').toBeLessThan(0.001);
    expect(complaints).toEqual([]);
  });
}
