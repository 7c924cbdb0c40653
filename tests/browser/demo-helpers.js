// What the demo's browser tests share: opening the page, listening to its console, driving its
// panel, and reading the cloth through the page's test hook (window.nunoDemo, web/demo/main.js).
import { mkdir, writeFile } from 'node:fs/promises';
import { collectComplaints } from '../engines/playwright-driver.js';

export { collectComplaints };

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {[number, number]} Point CSS pixels in the page */

/**
 * Loads the demo and waits until it has drawn a few frames.
 * @param {Page} page
 * @param {string} [query] e.g. '?preset=curtain'
 * @param {number} [frames] how many: one suffices to read what the page made
 */
export async function openDemo(page, query = '', frames = 3) {
  await page.goto(`/web/demo/${query}`);
  await waitForFrames(page, frames);
}

/**
 * Waits until the demo has drawn this many more frames.
 * @param {Page} page
 * @param {number} count
 */
export async function waitForFrames(page, count) {
  const frames = await page.evaluate(() => /** @type {any} */ (window).nunoDemo?.frames ?? 0);
  await untilDemo(page, 'frames', frames + count);
}

/**
 * Waits until the cloth has taken this many more fixed steps (1/60 s of simulated time each),
 * which on software rendering can take many times as long in wall time.
 * @param {Page} page
 * @param {number} count
 */
export async function waitForSteps(page, count) {
  const steps = await page.evaluate(() => /** @type {any} */ (window).nunoDemo.cloth.stepsTaken);
  await untilDemo(page, 'steps', steps + count);
}

/**
 * Waits, as long as the test may take, until the demo has drawn this many frames or its cloth
 * has taken this many steps in all; or until the page says it stopped (its message in place of
 * the canvas), and then throws that message at once.
 * @param {Page} page
 * @param {'frames' | 'steps'} what
 * @param {number} atLeast
 */
async function untilDemo(page, what, atLeast) {
  await page.waitForFunction(({ what, atLeast }) => {
    const hook = /** @type {any} */ (window).nunoDemo;
    const reached = (what === 'frames' ? hook?.frames : hook?.cloth.stepsTaken) >= atLeast;
    return reached || !(/** @type {HTMLElement} */ (document.getElementById('message')).hidden);
  }, { what, atLeast });
  const message = page.locator('#message');
  if (await message.isVisible()) throw new Error(`the page says: ${await message.innerText()}`);
}

/**
 * Pauses the demo's cloth, or runs it again (the P key, as a visitor presses it).
 * @param {Page} page
 */
export async function togglePause(page) {
  // The key goes to the page, not to the panel's last control.
  await page.evaluate(() => /** @type {HTMLElement | null} */ (document.activeElement)?.blur());
  await page.keyboard.press('p');
}

/**
 * A screenshot of the running demo taken with its cloth paused, which then runs again. Running,
 * a frame on software rendering first takes that frame's steps, and a screenshot waits for frames
 * to be drawn: the pile preset's took 16-27 s, at seconds a frame.
 * @param {Page} page the demo, running
 * @returns {Promise<Buffer>}
 */
export async function screenshotPaused(page) {
  await togglePause(page);
  await waitForFrames(page, 1);
  const png = await page.screenshot();
  await togglePause(page);
  return png;
}

/**
 * Where the cloth is running, as the page reports it.
 * @param {Page} page
 * @returns {Promise<{ backend: string, precision: string, particles: number }>}
 */
export function clothInUse(page) {
  return page.evaluate(() => {
    const hook = /** @type {any} */ (window).nunoDemo;
    return { backend: hook.backend, precision: hook.precision, particles: hook.cloth.particleCount };
  });
}

/**
 * Every particle's position read back from the cloth, and where it shows on the page.
 * @param {Page} page
 * @returns {Promise<{ positions: number[], screen: Point[], view: number[] }>} positions xyz
 *   per particle; screen CSS pixels per particle; view the camera's view matrix
 */
export async function readParticles(page) {
  const { positions, view } = await page.evaluate(async () => {
    const { cloth, camera } = /** @type {any} */ (window).nunoDemo;
    return { positions: Array.from(/** @type {Float32Array} */ (await cloth.readPositions())), view: Array.from(camera.viewMatrix) };
  });
  /** @type {number[][]} */
  const points = [];
  for (let i = 0; i < positions.length; i += 3) points.push(positions.slice(i, i + 3));
  return { positions, screen: await projectToScreen(page, points), view };
}

/**
 * Where points in the scene show on the page, through the camera the demo last drew with.
 * @param {Page} page
 * @param {ArrayLike<number>[]} points metres
 * @returns {Promise<Point[]>} CSS pixels
 */
export function projectToScreen(page, points) {
  return page.evaluate((points) => {
    const { camera } = /** @type {any} */ (window).nunoDemo;
    const box = /** @type {HTMLElement} */ (document.getElementById('view')).getBoundingClientRect();
    /** Column-major 4x4 times (x, y, z, w). */
    const times = (/** @type {Float32Array} */ m, /** @type {number[]} */ v) =>
      [0, 1, 2, 3].map((row) => m[row] * v[0] + m[4 + row] * v[1] + m[8 + row] * v[2] + m[12 + row] * v[3]);
    return points.map((point) => {
      const clip = times(camera.projectionMatrix, times(camera.viewMatrix, [point[0], point[1], point[2], 1]));
      return /** @type {[number, number]} */ ([box.left + ((clip[0] / clip[3] + 1) / 2) * box.width,
        box.top + ((1 - clip[1] / clip[3]) / 2) * box.height]);
    });
  }, points.map((point) => Array.from(point)));
}

/**
 * Sets a control in the demo's panel (lil-gui), opening its folder first.
 * @param {Page} page
 * @param {string | null} folder the folder's title, null for the top level
 * @param {string} name the control's label
 * @param {string} value an option's label for a list, 'true' or 'false' for a checkbox, a
 *   number for a field
 */
export async function setControl(page, folder, name, value) {
  const root = page.locator('.lil-gui.lil-root');
  if (await root.evaluate((element) => element.classList.contains('lil-closed'))) await root.locator('> .lil-title').click();
  let scope = root;
  if (folder) {
    scope = root.locator('.lil-gui').filter({ has: page.locator('> .lil-title', { hasText: folder }) });
    if (await scope.evaluate((element) => element.classList.contains('lil-closed'))) await scope.locator('> .lil-title').click();
  }
  const controller = scope.locator('.lil-controller').filter({ has: page.getByText(name, { exact: true }) });
  const list = controller.locator('select');
  const checkbox = controller.locator('input[type=checkbox]');
  if (await list.count() > 0) {
    await list.selectOption({ label: value });
  } else if (await checkbox.count() > 0) {
    await checkbox.setChecked(value === 'true');
  } else {
    const field = controller.locator('input');
    await field.fill(value);
    await field.press('Enter');
  }
}

/**
 * Saves a screenshot under test-results/.
 * @param {Buffer} png
 * @param {string} name file name
 */
export async function saveScreenshot(png, name) {
  const folder = new URL('../../test-results/', import.meta.url);
  await mkdir(folder, { recursive: true });
  await writeFile(new URL(name, folder), png);
}
