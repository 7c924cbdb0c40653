// Drags on the demo's canvas, with a mouse or a finger, and the curtain pulled by one: the
// particles under the pointer follow it while held and fall back once let go. Shared by the
// demo's interaction specs (WebGL2 and CPU in demo-interaction.spec.js, WebGPU in
// demo-webgpu.spec.js).
import { expect } from '@playwright/test';
import { metric } from '../node/metric.js';
import { collectComplaints, openDemo, readParticles, waitForSteps } from './demo-helpers.js';

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
export function mouseDrag(page) {
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
export function touchDrag(page) {
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
 * @param {string} [backend] the address's backend; 'auto' (WebGL2 here) when not given
 */
export async function pullTheCurtain(page, drag, label, backend = 'auto') {
  const complaints = collectComplaints(page);
  await openDemo(page, `?preset=curtain&backend=${backend}`);
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
