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

/**
 * A sheet dropped onto a torus knot mesh (three-scene.js's dropOntoKnot) rests on the knot's top
 * with no particle inside it, and stays on top as the knot is grown, raised and stood upright:
 * its collider follows the knot's pose every frame, and is rebuilt once, for the new scale.
 * @param {import('@playwright/test').Page} page
 * @param {'cpu' | 'gpu' | 'webgpu'} backend
 * @param {'webgl' | 'webgpu'} renderer
 */
export async function expectSheetOnKnot(page, backend, renderer) {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/three.html');
  const result = await page.evaluate(async (options) => {
    const { dropOntoKnot } = await import('/tests/browser/three-scene.js');
    return dropOntoKnot(options);
  }, { backend, renderer });
  const phases = /** @type {Record<string, { highest: number, knotTop: number, clearance: number, rebuilds: number, centerOffMm: number, rotationOff: number, scaleOff: number, resolution: number, friction: number }>} */ (result.phases);
  const label = `${backend}, ${renderer === 'webgpu' ? 'WebGPURenderer' : 'WebGLRenderer'}`;
  console.log(`metric: three_knot_sheet_above_top_mm = ${Object.entries(phases).map(([name, p]) =>
    `${name} ${((p.highest - p.knotTop) * 1000).toFixed(1)}`).join(', ')} mm (${label}; knot top ${Object.values(phases).map((p) => p.knotTop.toFixed(3)).join(', ')} m; ` +
    `clearance ${(phases.upright.clearance * 1000).toFixed(2)} mm; rebuilds ${Object.values(phases).map((p) => p.rebuilds).join(', ')})`);
  for (const [name, p] of Object.entries(phases)) {
    // The highest particle lies on the knot's top, the margin (5 mm) and a field voxel's
    // rounding (the field samples the knot's 0.7 to 0.8 m in 48 steps) above it; it would be
    // metres below if not held.
    expect(p.highest - p.knotTop, `${name}: the sheet rests on the knot's top`).toBeGreaterThan(-0.005);
    expect(p.highest - p.knotTop, `${name}: the sheet rests on the knot's top`).toBeLessThan(0.03);
    expect(p.centerOffMm, `${name}: the collider where the knot is`).toBeLessThan(0.001);
    expect(p.rotationOff, `${name}: the collider turned as the knot is`).toBeLessThan(1e-6);
    expect(p.scaleOff, `${name}: the knot's world scale baked into the collider's vertices`).toBeLessThan(1e-6);
    expect(p.resolution).toBe(48);
    expect(p.friction).toBeCloseTo(0.9, 6);
  }
  expect(phases.upright.clearance, 'no particle inside the knot\'s field (beyond rounding)').toBeGreaterThan(-1e-4);
  expect(phases.grown.highest - phases.dropped.highest, 'grown by a tenth, the knot lifts the sheet').toBeGreaterThan(0.01);
  expect(phases.raised.highest - phases.grown.highest, 'raised 0.1 m, the knot lifts the sheet').toBeGreaterThan(0.07);
  expect(phases.upright.highest - phases.raised.highest, 'stood upright, it lifts the sheet more').toBeGreaterThan(0.1);
  expect(phases.dropped.rebuilds, 'the field built once, when added').toBe(0);
  expect(phases.grown.rebuilds, 'a new scale rebuilds the field once').toBe(1);
  expect(phases.upright.rebuilds, 'moving and turning the knot rebuilds nothing').toBe(1);
  expect(result.gpuErrors).toEqual([]);
  expect(complaints).toEqual([]);
}

/**
 * A ClothMesh draws a torn cloth torn (three-scene.js's tearSheetApart, tearStrain 0.2, then 0):
 * its drawn index short by exactly the triangles on a torn edge, the gap seen as holes in the
 * sheet's rows that the untorn sheet has none of.
 * @param {import('@playwright/test').Page} page
 * @param {'cpu' | 'worker' | 'gpu' | 'webgpu'} backend
 * @param {'webgl' | 'webgpu'} renderer
 * @param {string} label
 */
export async function expectDrawnTorn(page, backend, renderer, label) {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/three.html');
  const run = (/** @type {number} */ tearStrain) => page.evaluate(async (options) => {
    const { tearSheetApart } = await import('/tests/browser/three-scene.js');
    return tearSheetApart(options);
  }, { backend, renderer, tearStrain });
  const torn = await run(0.2);
  const whole = await run(0);
  console.log(`metric: three_torn_triangles_left_out = ${(torn.full - torn.drawn) / 3} of ${torn.full / 3} (${label}; ` +
    `${torn.tornConstraints} constraints torn, ${torn.onTornEdges} triangles on them; index ${torn.framesBehind} frames behind; ` +
    `holes ${torn.holes} px of ${torn.clothPixels}, ${whole.holes} px untorn)`);
  expect(torn.tornConstraints, 'the sheet tore').toBeGreaterThan(50);
  expect(torn.onTornEdges, 'triangles lie on torn edges').toBeGreaterThan(50);
  expect(torn.full - torn.drawn, 'the index leaves out exactly the triangles with a torn edge').toBe(3 * torn.onTornEdges);
  if (backend === 'cpu') expect(torn.framesBehind, "the CPU cloth's index follows at once").toBe(0);
  // A GPU cloth's mask is read every 4 frames; the read takes a frame or a few more.
  expect(torn.framesBehind, 'the index catches up with the mask').toBeLessThan(20);
  expect(whole.tornConstraints, 'tearStrain 0 tears nothing').toBe(0);
  expect(whole.drawn, 'the untorn sheet is drawn whole').toBe(whole.full);
  // Measured: a slit of hundreds of pixels in the torn sheet; the untorn one has none.
  expect(whole.holes, 'the untorn sheet has no holes').toBeLessThan(20);
  expect(torn.holes, 'the torn sheet shows its gap').toBeGreaterThan(whole.holes + 300);
  expect(torn.clothPixels, 'the sheet in view').toBeGreaterThan(5000);
  expect(torn.gpuErrors).toEqual([]);
  expect(whole.gpuErrors).toEqual([]);
  expect(complaints).toEqual([]);
}
