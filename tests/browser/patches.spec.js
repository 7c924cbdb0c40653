// A sea of patches (createPatches) on the GPU in Chromium (SwiftShader here): the GPU runs the
// patches as the CPU core does, on float and half state, keeps them independent, and lands them
// on the ground without sinking; a layout larger than the device's textures is refused by name.
import { expect, test } from '@playwright/test';
import { compareBackendsInPage } from '../engines/page-scripts.js';
import { collectComplaints } from '../engines/playwright-driver.js';
import { gpuCpuToleranceMm, halfFloatToleranceMm, papersInGusts, solvers } from '../engines/scenes.js';

test.describe.configure({ timeout: 120_000 });

/** @param {import('@playwright/test').Page} page */
async function openHarness(page) {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  return complaints;
}

for (const solver of solvers) {
  test(`patches in gusts: GPU and CPU agree within 1 mm after 120 steps (${solver})`, async ({ page }) => {
    const complaints = await openHarness(page);
    const scene = { ...papersInGusts, settings: { ...papersInGusts.settings, solver } };
    const result = await page.evaluate(compareBackendsInPage, { scene, first: { backend: 'gpu', precision: 'float' }, second: { backend: 'cpu' } });
    console.log(`metric: gpu_cpu_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (12 patches in gusts, ${solver})`);
    expect(result.precisions).toEqual(['float', 'cpu']);
    expect(result.maxDeviationMm).toBeLessThan(gpuCpuToleranceMm);
    expect(result.glError).toBe(0);
    expect(complaints).toEqual([]);
  });
}

test('patches in gusts: the split half state stays within 2 mm of float', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(compareBackendsInPage, {
    scene: papersInGusts, first: { backend: 'gpu', precision: 'half' }, second: { backend: 'gpu', precision: 'float' },
  });
  console.log(`metric: half_float_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (12 patches in gusts)`);
  expect(result.precisions).toEqual(['half', 'float']);
  expect(result.maxDeviationMm).toBeLessThan(halfFloatToleranceMm);
});

test('on the GPU, dragging one patch never moves another, bit for bit', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async (scene) => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
    const make = () => nuno.createPatches(gl, { ...scene.patches, ...scene.settings, backend: 'gpu' });
    const [still, dragged] = [make(), make()];
    const held = 8 * 32 + 8 + 3 * 32 + 4; // patch 5: tile (1, 1), its particle (4, 3)
    for (let step = 0; step < 60; step++) {
      dragged.hold(held, [0.3 * Math.sin(0.1 * step), 1.0, 0.2]);
      still.stepFixed(1);
      dragged.stepFixed(1);
    }
    const [a, b] = [await still.readPositions(), await dragged.readPositions()];
    let differingElsewhere = 0;
    let movedInPatch = 0;
    for (let i = 0; i < a.length / 3; i++) {
      const same = a[3 * i] === b[3 * i] && a[3 * i + 1] === b[3 * i + 1] && a[3 * i + 2] === b[3 * i + 2];
      if (dragged.patchOf(i) === 5) movedInPatch += same ? 0 : 1;
      else differingElsewhere += same ? 0 : 1;
    }
    const heldPatch = dragged.patchOf(held);
    still.dispose();
    dragged.dispose();
    return { differingElsewhere, movedInPatch, heldPatch };
  }, papersInGusts);
  expect(result.heldPatch).toBe(5);
  expect(result.movedInPatch, 'the dragged patch moves').toBeGreaterThan(60);
  expect(result.differingElsewhere).toBe(0);
});

test('on the GPU, papers dropped in gusts land on a ball and the ground without sinking', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
    const papers = nuno.createPatches(gl, {
      backend: 'gpu', patchesAcross: 8, patchesDown: 8, patchWidth: 0.1, patchHeight: 0.14, seed: 3,
      scatterCenter: [0, 1.2, 0], scatterExtent: [1.2, 0.8, 1.2], scatterSpin: 2, pins: 'none', wind: [0.5, 0, 0], windGustSpeed: 1,
    });
    papers.addCollider({ type: 'plane', friction: 0.8 });
    papers.addCollider({ type: 'sphere', center: [0, 0.3, 0], radius: 0.3 });
    let lowest = Infinity;
    let clearance = Infinity;
    for (let round = 0; round < 6; round++) {
      papers.stepFixed(40);
      const positions = await papers.readPositions();
      for (let i = 1; i < positions.length; i += 3) lowest = Math.min(lowest, positions[i]);
      clearance = Math.min(clearance, papers.colliderClearance(positions));
    }
    const backend = papers.backend;
    papers.dispose();
    return { lowest, clearance, backend, glError: gl.getError() };
  });
  console.log(`metric: gpu_papers_lowest_point_mm = ${(result.lowest * 1000).toFixed(2)} mm (64 patches, 4 s, margin 5 mm)`);
  expect(result.backend).toBe('gpu');
  expect(result.lowest, 'some paper reached the ground').toBeLessThan(0.01);
  expect(result.lowest).toBeGreaterThanOrEqual(0);
  expect(result.clearance).toBeGreaterThan(-1e-4);
  expect(result.glError).toBe(0);
});

test('patchCapacity says how many patches fit; more is refused on the GPU by name, and auto runs them on the CPU', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno, GpuUnsupportedError } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
    const maxTextureSize = gl.getParameter(gl.MAX_TEXTURE_SIZE);
    const capacity = nuno.patchCapacity(8, 4, gl);
    const tooMany = { patchesAcross: capacity.patchesAcross + 1, patchesDown: 1, patchColumns: 8, patchRows: 4, pins: 'none' };
    let refusal = null;
    try {
      nuno.createPatches(gl, { ...tooMany, backend: 'gpu' }).dispose();
    } catch (error) {
      refusal = { message: /** @type {Error} */ (error).message, gpuUnsupported: error instanceof GpuUnsupportedError };
    }
    const auto = nuno.createPatches(gl, tooMany);
    const fallback = { backend: auto.backend, reason: /** @type {any} */ (auto).fallbackReason, patches: auto.patchCount };
    auto.dispose();
    return { maxTextureSize, capacity, refusal, fallback };
  });
  expect(result.capacity).toEqual({
    patchesAcross: Math.floor(result.maxTextureSize / 8), patchesDown: Math.floor(result.maxTextureSize / 4),
    patches: Math.floor(result.maxTextureSize / 8) * Math.floor(result.maxTextureSize / 4), gridSide: result.maxTextureSize,
  });
  expect(result.refusal?.gpuUnsupported).toBe(true);
  expect(result.refusal?.message).toBe(`nuno: 'patchesAcross' must be at most ${result.capacity.patchesAcross} here, got ${result.capacity.patchesAcross + 1}: ` +
    `the GPU keeps every patch in one texture, and this device's MAX_TEXTURE_SIZE is ${result.maxTextureSize} (nuno.patchCapacity says how many fit)`);
  expect(result.fallback).toEqual({ backend: 'cpu', reason: result.refusal?.message, patches: result.capacity.patchesAcross + 1 });
});
