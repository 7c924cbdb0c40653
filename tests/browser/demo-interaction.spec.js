// Pointer input on the demo: a drag on the cloth pulls the particles under the pointer along
// with it (with a mouse, and with a finger in a phone profile), a drag on the ball moves the
// ball, a drag on empty floor turns the camera instead, and a double click resets the cloth.
// The particles are read back from the cloth through the page's test hook and projected to the
// screen with the camera the page draws with.
import { devices, expect, test } from '@playwright/test';
import { metric } from '../node/metric.js';
import { collectComplaints, openDemo, projectToScreen, readParticles, setControl, togglePause, waitForSteps } from './demo-helpers.js';
import { mouseDrag, pullTheCurtain, touchDrag } from './demo-drags.js';

test('a mouse drag on the cloth pulls the particles under the pointer along', async ({ page }) => {
  await pullTheCurtain(page, mouseDrag(page), 'mouse, gpu');
});

test.describe('on a phone', () => {
  // The profile's browser type is Chromium already; naming it here would force a new worker.
  const { defaultBrowserType, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('a touch drag on the cloth pulls the particles under the finger along', async ({ page }) => {
    await pullTheCurtain(page, touchDrag(page), 'touch, Pixel 7, gpu');
    await expect(page.locator('.lil-gui.lil-root'), 'the panel starts closed on a small screen').toHaveClass(/lil-closed/);
  });
});

test('a drag on the ball moves the ball, a drag on the floor turns the camera', async ({ page }) => {
  const complaints = collectComplaints(page);
  // The curtain's ball starts switched off, in front of the curtain, with nothing in front of it.
  await openDemo(page, '?preset=curtain&backend=cpu');
  await setControl(page, 'sphere', 'on (drag to move)', 'true');
  const sphereCenter = () => page.evaluate(() => /** @type {any} */ (window).nunoDemo.cloth.colliders.find(
    (/** @type {{ type: string }} */ collider) => collider.type === 'sphere')?.center);
  const viewMatrix = () => page.evaluate(() => Array.from(/** @type {any} */ (window).nunoDemo.camera.viewMatrix));
  const startCenter = await sphereCenter();
  const startView = await viewMatrix();
  const [from] = await projectToScreen(page, [startCenter]);
  await mouseDrag(page)(from, [from[0] + 150, from[1]], () => waitForSteps(page, 5));
  const movedCenter = await sphereCenter();
  metric('drag_sphere_moved', Math.hypot(movedCenter[0] - startCenter[0], movedCenter[2] - startCenter[2]).toFixed(2), 'm', 'mouse, 150 px to the right');
  expect(movedCenter[0] - startCenter[0], 'the ball follows the pointer to the right').toBeGreaterThan(0.2);
  expect(await viewMatrix(), 'the camera stays put while the ball is dragged').toEqual(startView);

  const box = /** @type {{ x: number, y: number, width: number, height: number }} */ (await page.locator('#view').boundingBox());
  await mouseDrag(page)([box.x + 40, box.y + box.height - 20], [box.x + 240, box.y + box.height - 20], async () => {});
  expect(await viewMatrix(), 'a drag on the floor turns the camera').not.toEqual(startView);
  expect(await sphereCenter(), 'and leaves the ball where it was').toEqual(movedCenter);
  expect(complaints).toEqual([]);
});

test('a double click resets the cloth', async ({ page }) => {
  const complaints = collectComplaints(page);
  await openDemo(page, '?backend=cpu');
  await waitForSteps(page, 60);
  await togglePause(page);
  const height = async () => {
    const { positions } = await readParticles(page);
    return Math.min(...positions.filter((_, index) => index % 3 === 1));
  };
  const swung = await height();
  const box = /** @type {{ x: number, y: number, width: number, height: number }} */ (await page.locator('#view').boundingBox());
  await page.mouse.dblclick(box.x + 40, box.y + box.height - 20);
  const reset = await height();
  metric('double_click_lowest_point', `${swung.toFixed(2)} -> ${reset.toFixed(2)}`, 'm', 'swing, cpu, paused');
  // Its starting shape is level at 1.5 m.
  expect(swung).toBeLessThan(1.2);
  expect(reset).toBeCloseTo(1.5, 4);
  expect(complaints).toEqual([]);
});
