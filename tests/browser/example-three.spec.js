// The three.js example app (examples/three/, served by `npm start`) in Chromium, on each
// backend its select offers: the flag's stripes on screen, the picture moving, the page silent.
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { collectComplaints } from '../engines/playwright-driver.js';

// Software GL steps the GPU cloths slowly here: about 2 s a frame while the sheet lands (its
// self-collision takes more substeps then), on a loaded machine more.
test.describe.configure({ timeout: 300_000 });

/** @param {import('@playwright/test').Page} page */
const framesOf = (page) => page.evaluate(() => /** @type {number} */ (/** @type {any} */ (window).nunoThreeExample?.frames ?? 0));

for (const backend of ['gpu', 'cpu', 'worker']) {
  test(`the three.js example draws its flag and sheet moving on ${backend}`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto(`/examples/three/?backend=${backend}`);
    await expect.poll(() => framesOf(page), { timeout: 240_000 }).toBeGreaterThan(5);
    const shots = [];
    for (let k = 0; k < 2; k++) {
      const before = await framesOf(page);
      shots.push(PNG.sync.read(await page.locator('#view').screenshot({ path: test.info().outputPath(`example-${backend}-${k}.png`) })));
      await expect.poll(() => framesOf(page), { timeout: 60_000 }).toBeGreaterThan(before + 2);
    }
    const [first, second] = shots;
    let blue = 0;
    let red = 0;
    let moved = 0;
    for (let i = 0; i < first.data.length; i += 4) {
      const [r, g, b] = [second.data[i], second.data[i + 1], second.data[i + 2]];
      if (b > 90 && b > 1.6 * r && b > 1.2 * g) blue += 1;
      if (r > 110 && r > 2 * g && r > 2 * b) red += 1;
      if (Math.abs(first.data[i] - r) + Math.abs(first.data[i + 1] - g) + Math.abs(first.data[i + 2] - b) > 24) moved += 1;
    }
    const used = await page.evaluate(() => /** @type {any} */ (window).nunoThreeExample.backend);
    console.log(`metric: three_example_pixels = ${blue} blue + ${red} red px, ${moved} px moved over 3 frames (${backend})`);
    expect(used).toBe(backend);
    expect(blue, 'the flag\'s blue stripe (and the box)').toBeGreaterThan(500);
    expect(red, 'the flag\'s red stripe').toBeGreaterThan(200);
    expect(moved, 'the flag waves and the sheet moves').toBeGreaterThan(500);
    expect(complaints).toEqual([]);
  });
}
