// Pointer input on the demo: a drag on the cloth pulls the particles under the pointer along
// with it (with a mouse, and with a finger in a phone profile), a drag on the ball moves the
// ball, a drag on empty floor turns the camera instead, and a double click resets the cloth.
// The particles are read back from the cloth through the page's test hook and projected to the
// screen with the camera the page draws with.
import { devices, expect, test } from '@playwright/test';
import { metric } from '../node/metric.js';
import { collectComplaints, openDemo, projectToScreen, readParticles, setControl, waitForSteps } from './demo-helpers.js';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('./demo-helpers.js').Point} Point */

/** Particles this close to the pointer on screen, when it goes down, count as under it. */
const underPointerPixels = 25;

/**
 * Presses at one point, moves to another in small steps, holds there while the cloth follows,
 * measures, and lets go.
 * @typedef {(from: Point, to: Point, whileHeld: () => Promise<void>) => Promise<void>} Drag
 */

/**
 * @param {Page} page
 * @returns {Drag}
 */
function mouseDrag(page) {
  return async (from, to, whileHeld) => {
    await page.mouse.move(...from);
    await page.mouse.down();
    await page.mouse.move(...to, { steps: 10 });
    await whileHeld();
    await page.mouse.up();
  };
}

/**
 * A finger, through the DevTools protocol's touch events: the page gets pointer events with
 * pointerType 'touch', as on a phone.
 * @param {Page} page
 * @returns {Drag}
 */
function touchDrag(page) {
  return async (from, to, whileHeld) => {
    const session = await page.context().newCDPSession(page);
    const touch = (/** @type {'touchStart' | 'touchMove' | 'touchEnd'} */ type, /** @type {Point[]} */ points) =>
      session.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y]) => ({ x, y })) });
    await touch('touchStart', [from]);
    for (let move = 1; move <= 10; ++move) {
      await touch('touchMove', [[from[0] + ((to[0] - from[0]) * move) / 10, from[1] + ((to[1] - from[1]) * move) / 10]]);
    }
    await whileHeld();
    await touch('touchEnd', []);
    await session.detach();
  };
}

/**
 * @param {Point} a
 * @param {Point} b
 */
function pixelsBetween(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/**
 * Grabs the curtain two thirds of the way down its middle, pulls it up and to the side, and
 * measures where the particles that were under the pointer went.
 * @param {Page} page
 * @param {Drag} drag
 * @param {string} label for the metric lines
 */
async function pullTheCurtain(page, drag, label) {
  const complaints = collectComplaints(page);
  await openDemo(page, '?preset=curtain');
  await waitForSteps(page, 20);
  const before = await readParticles(page);
  const columns = Math.round(Math.sqrt(before.screen.length));
  const fromIndex = Math.round((2 / 3) * (columns - 1)) * columns + Math.round(columns / 2);
  const from = before.screen[fromIndex];
  // The demo grabs a particle within 1.5 cell diagonals of the pointer's ray and keeps that
  // offset while it drags (web/demo/interaction.js: grabReach, PlaneDrag): on screen there, this.
  const grabReachPixels = 1.5 * Math.hypot(pixelsBetween(from, before.screen[fromIndex + 1]), pixelsBetween(from, before.screen[fromIndex + columns]));
  const viewport = /** @type {{ width: number, height: number }} */ (page.viewportSize());
  /** @type {Point} */
  const to = [from[0] - 0.15 * viewport.width, from[1] - 0.12 * viewport.height];
  const underPointer = before.screen.flatMap((point, index) => (pixelsBetween(point, from) < underPointerPixels ? [index] : []));

  /** @type {Awaited<ReturnType<typeof readParticles>> | undefined} */
  let held;
  await drag(from, to, async () => {
    await waitForSteps(page, 20);
    held = await readParticles(page);
  });
  if (!held) throw new Error('the drag measured nothing');
  const { screen, view } = held;
  const meanDistance = (/** @type {Point[]} */ points) =>
    underPointer.reduce((sum, index) => sum + pixelsBetween(points[index], to), 0) / underPointer.length;
  const nearest = Math.min(...screen.map((point) => pixelsBetween(point, to)));
  await waitForSteps(page, 20);
  const released = await readParticles(page);

  metric('drag_particles_under_pointer', underPointer.length, 'particles', label);
  metric('drag_mean_distance_to_pointer', `${meanDistance(before.screen).toFixed(0)} -> ${meanDistance(screen).toFixed(0)}`, 'px', `${label}, before -> held`);
  metric('drag_nearest_particle_to_pointer', nearest.toFixed(1), 'px', `${label}; grab reach ${grabReachPixels.toFixed(1)} px`);
  metric('drag_after_release_distance_to_pointer', meanDistance(released.screen).toFixed(0), 'px', `${label}, 1/3 s simulated after`);
  expect(underPointer.length).toBeGreaterThan(0);
  expect(meanDistance(screen), 'the particles under the pointer follow it').toBeLessThan(0.3 * meanDistance(before.screen));
  expect(nearest, `a particle is at the pointer, within the grab reach (${grabReachPixels.toFixed(1)} px)`).toBeLessThan(grabReachPixels);
  expect(view, 'the camera stays put while the cloth is dragged').toEqual(before.view);
  expect(meanDistance(released.screen), 'let go, the cloth falls back').toBeGreaterThan(2 * meanDistance(screen));
  expect(complaints).toEqual([]);
}

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
  await page.keyboard.press('p');
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
