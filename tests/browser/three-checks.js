// The checks three.spec.js (WebGLRenderer) and three-webgpu.spec.js (WebGPURenderer) share, on
// the pages of three-scene.js.
import { expect } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';

/**
 * ClothDragger with real pointer events: the page (setUpDrag) holds a sheet hanging face on to
 * the camera; the pointer presses on its bottom-right corner, drags it 60 px to the right and
 * lets it go.
 * @param {import('@playwright/test').Page} page
 * @param {'cpu' | 'gpu' | 'webgpu'} backend
 * @param {'webgl' | 'webgpu'} renderer
 */
export async function expectCornerDragged(page, backend, renderer) {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/three.html');
  const corner = await page.evaluate((options) => /** @type {any} */ (window).nunoThreeScene.setUpDrag(options), { backend, renderer });
  const step = (/** @type {number} */ count) => page.evaluate((count) => /** @type {any} */ (window).drag.frames(count), count);
  await page.mouse.move(corner.x, corner.y);
  await page.mouse.down();
  // A GPU cloth's pick waits for a read-back.
  await expect.poll(async () => { await step(1); return page.evaluate(() => /** @type {any} */ (window).drag.dragger.dragging); }).toBe(true);
  for (let k = 1; k <= 6; k++) {
    await page.mouse.move(corner.x + 10 * k, corner.y);
    await step(5);
  }
  const held = await page.evaluate(async (particle) => (await /** @type {any} */ (window).drag.cloth.readPositions())[3 * particle], corner.particle);
  await page.mouse.up();
  await step(40);
  const result = await page.evaluate(async (particle) => {
    const { cloth, dragger, events } = /** @type {any} */ (window).drag;
    const x = (await cloth.readPositions())[3 * particle];
    const summary = { events, dragging: dragger.dragging, x };
    dragger.dispose();
    cloth.dispose();
    return summary;
  }, corner.particle);
  console.log(`metric: three_drag_moved_mm = ${((held - corner.startX) * 1000).toFixed(1)} mm (${backend}; back to ${((result.x - corner.startX) * 1000).toFixed(1)} mm once let go)`);
  expect(result.events).toEqual([`grab ${corner.particle}`, `release ${corner.particle}`]);
  // 60 px of a 320 px view 2.2 m wide there: 0.46 m (measured 0.436, the cloth pulling back).
  expect(held - corner.startX, 'dragged 60 px to the right').toBeGreaterThan(0.3);
  expect(result.dragging).toBe(false);
  expect(result.x - corner.startX, 'let go, it swings back').toBeLessThan(0.5 * (held - corner.startX));
  expect(complaints).toEqual([]);
}

/**
 * A sea of papers drawn by ClothMesh from the renderer's GPU cloth equals the same papers drawn
 * from the CPU (comparePapers): each paper its own 0..1 of the map, its normals ending at its
 * edges.
 * @param {import('@playwright/test').Page} page
 * @param {'webgl' | 'webgpu'} renderer
 * @param {string} label names the engine and backend in the metric line
 */
export async function expectPapersAsOnCpu(page, renderer, label) {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/three.html');
  const result = await page.evaluate((drawnBy) => /** @type {any} */ (window).nunoThreeScene.comparePapers({ renderer: drawnBy }), renderer);
  console.log(`metric: three_papers_pixels = ${result.gpuDrawn} px (${label}; CPU ${result.cpuDrawn}; ${result.differing} differ)`);
  expect(result.cpuDrawn, '16 papers on screen').toBeGreaterThan(2000);
  // SwiftShader steps both to the same floats (0 measured): a pixel or two of slack, no more.
  expect(result.differing, 'the GPU papers drawn as the CPU papers').toBeLessThanOrEqual(0.001 * result.cpuDrawn);
  expect(result.gpuErrors).toEqual([]);
  expect(complaints).toEqual([]);
}
