// The demo's 'drape over a knot' preset on WebGL2 and WebGPU: after 6 s simulated (360 steps)
// the sheet lies still over the torus knot, its middle held up near the knot's top and its
// highest particle just above it, and no particle deeper into a collider than the collision
// margin. A screenshot of each goes to test-results/knot-<backend>.png to be looked at
// (mesh-collider-drawing.spec.js checks the knot's drawing). The WebGPU canvas needs Vulkan
// compositing (chromium-flags.js).
import { expect, test } from '@playwright/test';
import { metric } from '../node/metric.js';
import { presets } from '../../web/demo/presets.js';
import { webGpuCanvasLaunchOptions } from './chromium-flags.js';
import { clothInUse, collectComplaints, openDemo, saveScreenshot, togglePause } from './demo-helpers.js';

test.use({ launchOptions: webGpuCanvasLaunchOptions });
test.describe.configure({ timeout: 240_000 });

const knot = /** @type {import('../../web/demo/presets.js').Obstacle & { type: 'mesh' }} */ (presets.knot.obstacles[0]);
/** The knot's top, world metres: its highest vertex turned and moved as the collider is. */
const knotTop = (() => {
  const [x, y, z, w] = /** @type {number[]} */ (knot.rotation);
  const center = /** @type {number[]} */ (knot.center);
  let top = -Infinity;
  for (let i = 0; i < knot.vertices.length; i += 3) {
    const [vx, vy, vz] = knot.vertices.subarray(i, i + 3);
    // The height of q v q*: the middle row of the quaternion's rotation matrix.
    const height = 2 * (x * y + w * z) * vx + (1 - 2 * (x * x + z * z)) * vy + 2 * (y * z - w * x) * vz;
    top = Math.max(top, center[1] + height);
  }
  return top;
})();

/**
 * Steps the cloth, then reads its particles back, and how far the highest, the middle and the
 * nearest to a collider are from the colliders' surfaces, and the steps it has taken in all.
 * @param {import('@playwright/test').Page} page
 * @param {number} steps fixed steps taken first
 */
function readCloth(page, steps) {
  return page.evaluate(async (steps) => {
    const { cloth } = /** @type {any} */ (window).nunoDemo;
    cloth.stepFixed(steps);
    const positions = /** @type {Float32Array} */ (await cloth.readPositions());
    const heights = positions.filter((_, i) => i % 3 === 1);
    const middle = (cloth.rows >> 1) * cloth.columns + (cloth.columns >> 1);
    return {
      positions: Array.from(positions),
      middle,
      middleHeight: heights[middle],
      top: Math.max(...heights),
      clearance: cloth.colliderClearance(positions),
      margin: cloth.settings.collisionMargin,
      stepsTaken: cloth.stepsTaken,
    };
  }, steps);
}

for (const backend of ['gpu', 'webgpu']) {
  test(`the knot preset drapes the sheet over the drawn knot (${backend})`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await openDemo(page, `?preset=knot&backend=${backend}`);
    const { backend: running, particles } = await clothInUse(page);
    expect(running, 'the backend asked for').toBe(backend);
    // Paused, the page takes no steps of its own: the test steps the cloth itself (the preset has
    // no wind for the page's loop to set), 360 steps in one call instead of as many frames drawn
    // by software rendering.
    await togglePause(page);
    const settled = await readCloth(page, 360);
    const later = await readCloth(page, 30);
    expect(later.stepsTaken - settled.stepsTaken, 'paused: the test\'s steps alone').toBe(30);
    await saveScreenshot(await page.screenshot(), `knot-${backend}.png`);
    const moved = later.positions.map((value, i) => Math.abs(value - settled.positions[i]));
    const middleMoved = Math.max(...moved.slice(3 * later.middle, 3 * later.middle + 3));

    const note = `${backend}, ${particles} particles`;
    metric('knot_middle_height', later.middleHeight.toFixed(3), 'm', `${note}; the knot's top ${knotTop.toFixed(3)} m`);
    metric('knot_top_particle', later.top.toFixed(3), 'm', note);
    metric('knot_clearance', (later.clearance * 1000).toFixed(2), 'mm', `${note}; margin ${(later.margin * 1000).toFixed(1)} mm`);
    metric('knot_moved_in_half_a_second', (Math.max(...moved) * 1000).toFixed(2), 'mm', `${note}; the middle ${(middleMoved * 1000).toFixed(2)} mm`);

    // The middle is held up between the knot's crossings, near its top and far off the floor
    // (it would lie at the knot's height less 0.15 m on the tube below, 0.7 m down on the floor);
    // the highest particle lies on the knot's top, a margin or so above it.
    expect(later.middleHeight, 'the middle held up by the knot').toBeGreaterThan(knotTop - 0.1);
    expect(later.top, 'the highest particle rests on the knot').toBeGreaterThan(knotTop);
    expect(later.top).toBeLessThan(knotTop + 0.02);
    expect(later.clearance, 'no particle deeper than the margin').toBeGreaterThan(-later.margin);
    // At rest on the knot; the hem may still sway a little.
    expect(middleMoved, 'the middle at rest').toBeLessThan(0.003);
    expect(Math.max(...moved)).toBeLessThan(0.03);
    expect(complaints).toEqual([]);
  });
}
