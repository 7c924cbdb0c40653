// The WebGL2 solver in Chromium (SwiftShader here): it computes what the CPU core computes,
// its half-float path keeps the float path's precision, and devices that cannot run it get a
// clear error (or the CPU cloth, with `backend: 'auto'`).
import { expect, test } from '@playwright/test';
import { compareBackendsInPage, contactsInPage } from '../engines/page-scripts.js';
import { collectComplaints } from '../engines/playwright-driver.js';
// The agreement scene and tolerances every engine is held to. The scene never folds onto
// itself: folds turn rounding differences of 1e-7 m into centimetres whichever two solvers are
// compared (over a sphere the half path ends 3-16 mm from the float path after 2 s).
import {
  gpuCpuToleranceMm, halfFloatToleranceMm, minDropMetres, solvers, swingOntoGround, swingOverShapes,
} from '../engines/scenes.js';

// Each comparison runs two cloths for 120 steps on an emulated GPU: seconds when the machine is
// idle, several times that on a loaded 2-core CI machine.
test.describe.configure({ timeout: 120_000 });

/** @param {import('@playwright/test').Page} page */
async function openHarness(page) {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  return complaints;
}

/**
 * Runs a scene on two backends in the page and measures how far apart the particles end (the
 * same in-page function the Firefox and WebKit tiers run).
 * @param {import('@playwright/test').Page} page
 * @param {object} scene
 * @param {object} first options for createCloth(gl, ...) besides the settings
 * @param {object} second
 */
function compareBackends(page, scene, first, second) {
  return page.evaluate(compareBackendsInPage, { scene, first, second });
}

for (const solver of solvers) {
  test(`GPU and CPU agree within 1 mm after 120 steps (${solver})`, async ({ page }) => {
    const complaints = await openHarness(page);
    const result = await compareBackends(page, { ...swingOntoGround, settings: { ...swingOntoGround.settings, solver } },
      { backend: 'gpu', precision: 'float' }, { backend: 'cpu' });
    console.log(`metric: gpu_cpu_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (${solver})`);
    expect(result.precisions).toEqual(['float', 'cpu']);
    expect(result.drop, 'the sheet swings down about 0.8 m').toBeGreaterThan(minDropMetres);
    expect(result.maxDeviationMm).toBeLessThan(gpuCpuToleranceMm);
    expect(result.glError).toBe(0);
    expect(complaints).toEqual([]);
  });
}

// The Jacobi ordering: one sweep pass per iteration (3 passes a substep against red-black's 14).
// At 30 substeps with relaxation 1.5 it stretches less than red-black at 10 (the bench's strain
// table), in 90 passes a step against 140. The sweep adds a particle's corrections in the core's
// order, so SwiftShader ends on the CPU's bits: held to 0.01 mm, where adding the pairs in
// another order ends 0.8-3.4 mm apart (rounding grown by the swing: mass-spring's 0.8 mm
// would pass the 1 mm every backend is held to). 60 steps: 30 substeps each are slow to emulate.
for (const solver of solvers) {
  test(`GPU and CPU agree within 1 mm after 60 steps with Jacobi sweeps (${solver})`, async ({ page }) => {
    const complaints = await openHarness(page);
    const settings = { ...swingOntoGround.settings, solver, ordering: 'jacobi', substeps: 30, jacobiRelaxation: 1.5 };
    const result = await compareBackends(page, { ...swingOntoGround, steps: 60, settings }, { backend: 'gpu', precision: 'float' }, { backend: 'cpu' });
    console.log(`metric: gpu_cpu_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (${solver}, jacobi 30 x 1, 60 steps)`);
    expect(result.precisions).toEqual(['float', 'cpu']);
    expect(result.drop, 'the sheet swings down about 0.8 m').toBeGreaterThan(minDropMetres);
    expect(result.maxDeviationMm).toBeLessThan(0.01);
    expect(result.glError).toBe(0);
    expect(complaints).toEqual([]);
  });
}

test('GPU and CPU agree with XPBD multipliers kept over 3 iterations', async ({ page }) => {
  await openHarness(page);
  const scene = { ...swingOntoGround, settings: { ...swingOntoGround.settings, solver: 'xpbd', substeps: 4, iterations: 3, structural: { compliance: 1e-4 } } };
  const result = await compareBackends(page, scene, { backend: 'gpu', precision: 'float' }, { backend: 'cpu' });
  console.log(`metric: gpu_cpu_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (xpbd, 4 substeps x 3 iterations)`);
  expect(result.drop).toBeGreaterThan(0.5);
  expect(result.maxDeviationMm).toBeLessThan(1);
});

for (const solver of solvers) {
  test(`forced half precision stays within 2 mm of float, far closer than naive half (${solver})`, async ({ page }) => {
    const complaints = await openHarness(page);
    const scene = { ...swingOntoGround, settings: { ...swingOntoGround.settings, solver } };
    const split = await compareBackends(page, scene, { backend: 'gpu', precision: 'half' }, { backend: 'gpu', precision: 'float' });
    const naive = await compareBackends(page, scene, { backend: 'gpu', precision: 'half-unsplit' }, { backend: 'gpu', precision: 'float' });
    console.log(`metric: half_float_max_deviation_mm = ${split.maxDeviationMm.toPrecision(3)} mm (${solver})`);
    console.log(`metric: naive_half_max_deviation_mm = ${naive.maxDeviationMm.toPrecision(3)} mm (${solver})`);
    expect(split.precisions).toEqual(['half', 'float']);
    expect(split.maxDeviationMm).toBeLessThan(halfFloatToleranceMm);
    expect(naive.maxDeviationMm).toBeGreaterThan(10 * split.maxDeviationMm);
    expect(split.glError).toBe(0);
    expect(complaints).toEqual([]);
  });
}

test('on the GPU no particle ends inside a sphere or under the ground', async ({ page }) => {
  await openHarness(page);
  const sphere = { type: 'sphere', center: [0.05, 0.45, 0], radius: 0.35, friction: 0.5 };
  const result = await page.evaluate(async (sphere) => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2');
    const settings = { columns: 32, rows: 32, width: 1.4, height: 1.4, orientation: 'horizontal', center: [0, 1, 0], pins: 'none' };
    const gpu = nuno.createCloth(gl, { ...settings, backend: 'gpu' });
    const cpu = nuno.createCloth(settings);
    const margin = gpu.settings.collisionMargin;
    let closestToCenter = Infinity;
    let lowest = Infinity;
    for (const cloth of [gpu, cpu]) {
      cloth.addCollider(sphere);
      cloth.addCollider({ type: 'plane' });
    }
    for (let frame = 0; frame < 12; frame++) {
      gpu.stepFixed(10);
      cpu.stepFixed(10);
      const positions = await gpu.readPositions();
      for (let i = 0; i < positions.length; i += 3) {
        const [x, y, z] = [positions[i] - sphere.center[0], positions[i + 1] - sphere.center[1], positions[i + 2] - sphere.center[2]];
        closestToCenter = Math.min(closestToCenter, Math.hypot(x, y, z));
        lowest = Math.min(lowest, positions[i + 1]);
      }
    }
    const a = await gpu.readPositions();
    const b = await cpu.readPositions();
    let deviation = 0;
    for (let i = 0; i < a.length; i += 3) deviation = Math.max(deviation, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
    gpu.dispose();
    cpu.dispose();
    return { closestToCenter, lowest, margin, deviationMm: deviation * 1000 };
  }, sphere);
  console.log(`metric: gpu_closest_to_sphere_center_m = ${result.closestToCenter.toFixed(5)} m (radius ${sphere.radius} + margin ${result.margin})`);
  console.log(`metric: gpu_cpu_max_deviation_mm = ${result.deviationMm.toPrecision(3)} mm (draped over a sphere; folds, so reported, not bounded)`);
  expect(result.closestToCenter).toBeGreaterThanOrEqual(sphere.radius + result.margin - 1e-4);
  expect(result.closestToCenter, 'the cloth reaches the sphere').toBeLessThan(sphere.radius + result.margin + 2e-3);
  expect(result.lowest).toBeGreaterThanOrEqual(result.margin - 1e-4);
});

test('capsule and box: the GPU keeps every particle out as the CPU does, and agrees with it', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async (scene) => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2');
    const gpu = nuno.createCloth(gl, { ...scene.settings, backend: 'gpu', precision: 'float' });
    const cpu = nuno.createCloth(scene.settings);
    for (const cloth of [gpu, cpu]) for (const collider of scene.colliders) cloth.addCollider(/** @type {any} */ (collider));
    let gpuClearance = Infinity;
    let cpuClearance = Infinity;
    for (let done = 0; done < scene.steps; done += 10) {
      gpu.stepFixed(10);
      cpu.stepFixed(10);
      gpuClearance = Math.min(gpuClearance, gpu.colliderClearance(await gpu.readPositions()));
      cpuClearance = Math.min(cpuClearance, cpu.colliderClearance());
    }
    // How close the settled sheet lies to each shape: it must touch both.
    const end = await gpu.readPositions();
    const touching = scene.colliders.map((collider) => {
      const alone = nuno.createCloth(scene.settings);
      alone.addCollider(/** @type {any} */ (collider));
      const clearance = alone.colliderClearance(end);
      alone.dispose();
      return clearance;
    });
    const b = cpu.positions;
    let deviation = 0;
    for (let i = 0; i < end.length; i += 3) deviation = Math.max(deviation, Math.hypot(end[i] - b[i], end[i + 1] - b[i + 1], end[i + 2] - b[i + 2]));
    const margin = cpu.settings.collisionMargin;
    gpu.dispose();
    cpu.dispose();
    return { gpuClearance, cpuClearance, touching, margin, deviationMm: deviation * 1000, glError: gl.getError() };
  }, swingOverShapes);
  console.log(`metric: gpu_cpu_max_deviation_mm = ${result.deviationMm.toPrecision(3)} mm (over a capsule and a box)`);
  console.log(`metric: gpu_collider_clearance_m = ${result.gpuClearance.toFixed(5)} m (capsule and box, margin ${result.margin})`);
  console.log(`metric: cpu_collider_clearance_m = ${result.cpuClearance.toFixed(5)} m (capsule and box)`);
  expect(result.gpuClearance).toBeGreaterThanOrEqual(result.margin - 1e-4);
  expect(result.cpuClearance).toBeGreaterThanOrEqual(result.margin - 1e-5);
  for (const clearance of result.touching) expect(clearance, 'the sheet lies on both shapes').toBeLessThan(result.margin + 2e-3);
  expect(result.deviationMm).toBeLessThan(gpuCpuToleranceMm);
  expect(result.glError).toBe(0);
  expect(complaints).toEqual([]);
});

test('the GPU cloth draws one pass per stage of the core\'s schedule (the self-collision stage one per bucket layer)', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2'));
    const settings = { columns: 8, rows: 8, substeps: 3, iterations: 2, solver: /** @type {const} */ ('xpbd') };
    const gpu = /** @type {import('nuno').GpuCloth} */ (nuno.createCloth(gl, { ...settings, backend: 'gpu' }));
    const cpu = nuno.createCloth(settings);
    gpu.stepFixed(1); // makes the multiplier textures the first step with iterations > 1 needs
    let draws = 0;
    const drawArrays = gl.drawArrays.bind(gl);
    gl.drawArrays = (...args) => { draws++; drawArrays(...args); };
    gpu.stepFixed(1);
    gl.drawArrays = drawArrays;
    const same = JSON.stringify(gpu.substepSchedule()) === JSON.stringify(cpu.substepSchedule());
    const stages = cpu.substepSchedule().length;
    const drawCallsPerStep = gpu.drawCallsPerStep;
    // With self-collision the 'separate' stage draws the particles once per bucket layer.
    gpu.set({ selfCollisionThickness: 0.05 });
    gpu.stepFixed(1);
    let drawsWithSelfCollision = 0;
    gl.drawArrays = (...args) => { drawsWithSelfCollision++; drawArrays(...args); };
    gpu.stepFixed(1);
    gl.drawArrays = drawArrays;
    const withSelfCollision = { draws: drawsWithSelfCollision, drawCallsPerStep: gpu.drawCallsPerStep, stages: gpu.substepSchedule().length };
    gpu.dispose();
    cpu.dispose();
    return { draws, stages, same, drawCallsPerStep, withSelfCollision };
  });
  expect(result.same).toBe(true);
  expect(result.stages).toBe(2 + 2 * 12);
  expect(result.drawCallsPerStep).toBe(3 * result.stages);
  expect(result.draws).toBe(result.drawCallsPerStep);
  expect(result.withSelfCollision.stages).toBe(result.stages + 1);
  expect(result.withSelfCollision.drawCallsPerStep).toBe(3 * (result.stages + 4));
  expect(result.withSelfCollision.draws).toBe(result.withSelfCollision.drawCallsPerStep);
});

// Self-collision on the GPU, WebGL2 and WebGPU: the bucket passes and the separation compute
// what the core's Verlet list and 'separate' stage do for particle pairs. A held corner pressed
// 1 cm above the sheet two cells in from it (diagonally) pushes it away (27 mm farther in one step
// of 10 substeps than without self-collision, thickness 6 cm, friction 0.3): GPU and CPU agree to
// 0.01 mm there. So thick, every triangle the corner is over lies within three thicknesses of it
// at rest, where no backend holds particles off triangles (docs/model.md), which the CPU does
// with a memory of sides the GPUs lack. Only the order a particle's corrections are summed in
// differs (the GPU goes cell by cell, the CPU down its list), and that changes last bits; longer,
// the scene is violent enough to make that millimetres, so it is compared after one step. A cloth
// dropped in a pile is self-collision.spec.js's.
for (const gpuBackend of /** @type {const} */ (['gpu', 'webgpu'])) {
  test(`self-collision on the GPU separates the cloth as the CPU does (${gpuBackend})`, async ({ page }) => {
    const complaints = await openHarness(page);
    const result = await page.evaluate(async ({ gpuBackend }) => {
      const { loadNuno } = await import('/web/index.js');
      const nuno = await loadNuno();
      const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
      const device = gpuBackend === 'webgpu' ? await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice() : null;
      const webGpuErrors = /** @type {string[]} */ ([]);
      device?.addEventListener('uncapturederror', (/** @type {any} */ event) => webGpuErrors.push(event.error.message));
      const targetFor = (/** @type {string} */ backend) => /** @type {any} */ (backend === 'webgpu' ? device : gl);
      const apartMm = (/** @type {Float32Array} */ a, /** @type {Float32Array} */ b) => {
        let largest = 0;
        for (let i = 0; i < a.length; i += 3) largest = Math.max(largest, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
        return largest * 1000;
      };
      const pressed = { columns: 16, rows: 16, width: 0.6, height: 0.6, orientation: /** @type {const} */ ('horizontal'), center: /** @type {[number, number, number]} */ ([0, 0.5, 0]),
        pins: /** @type {const} */ ('none'), gravity: /** @type {[number, number, number]} */ ([0, 0, 0]), selfCollisionThickness: 0.06, selfCollisionFriction: 0.3 };
      const press = async (/** @type {object} */ options) => {
        const cloth = nuno.createCloth(targetFor(/** @type {{backend: string}} */ (options).backend), { ...pressed, ...options });
        const under = 3 * (2 * 16 + 2);
        const rest = await cloth.readPositions();
        cloth.hold(0, [rest[under], rest[under + 1] + 0.01, rest[under + 2]]);
        cloth.stepFixed(1);
        const end = await cloth.readPositions();
        cloth.dispose();
        return end;
      };
      const gpu = await press({ backend: gpuBackend });
      const cpu = await press({ backend: 'cpu' });
      const withoutIt = await press({ backend: 'cpu', selfCollisionThickness: 0 });
      device?.destroy();
      return { gpuCpuMm: apartMm(gpu, cpu), effectMm: apartMm(cpu, withoutIt), glError: gl.getError(), webGpuErrors };
    }, { gpuBackend });
    console.log(`metric: gpu_cpu_max_deviation_mm = ${result.gpuCpuMm.toPrecision(3)} mm (${gpuBackend}, self-collision, pressed sheet, 10 substeps; it moved the sheet ${result.effectMm.toFixed(0)} mm)`);
    expect(result.effectMm, 'self-collision moved the pressed sheet').toBeGreaterThan(5);
    expect(result.gpuCpuMm).toBeLessThan(0.01);
    expect(result.glError).toBe(0);
    expect(result.webGpuErrors).toEqual([]);
    expect(complaints).toEqual([]);
  });
}

// A 12 x 16 sheet folded over (the upper layer 1 cm above the lower) with one particle of the
// upper layer pushed through the lower one: 8 crossings (its 4 edges through the lower layer, the
// lower layer's 4 edges under it through its triangles; tests/node/api.test.js and
// tests/native/self_crossings_test.cpp count the same shape).
function pushedThroughFold() {
  const [columns, rows, spacing, gap] = [12, 16, 0.02, 0.01];
  const positions = new Float32Array(columns * rows * 3);
  for (let row = 0; row < rows; row++) {
    const upper = row > 7;
    for (let column = 0; column < columns; column++) {
      positions.set([column * spacing, 0.5 + (upper ? gap : 0), (upper ? 15 - row : row) * spacing], 3 * (row * columns + column));
    }
  }
  positions.set([6.31 * spacing, 0.5 - gap, 3.17 * spacing], 3 * ((15 - 3) * columns + 6));
  return { columns, rows, positions: Array.from(positions) };
}

// The count runs in the core on positions the GPU cloth read back: the same number as the CPU
// cloth's, at the start and after falling for half a second (the shape, its rest shape, kept).
for (const gpuBackend of /** @type {const} */ (['gpu', 'webgpu'])) {
  test(`selfCrossings of a crossed shape reads the same on the GPU as on the CPU (${gpuBackend})`, async ({ page }) => {
    const complaints = await openHarness(page);
    const result = await page.evaluate(async ({ shape, gpuBackend }) => {
      const { loadNuno } = await import('/web/index.js');
      const nuno = await loadNuno();
      const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
      const device = gpuBackend === 'webgpu' ? await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice() : null;
      const settings = { ...shape, positions: Float32Array.from(shape.positions), pins: /** @type {const} */ ('none') };
      const counts = async (/** @type {string} */ backend) => {
        const cloth = /** @type {any} */ (nuno.createCloth(/** @type {any} */ (backend === 'webgpu' ? device : gl), { ...settings, backend }));
        const atStart = cloth.selfCrossings(await cloth.readPositions());
        cloth.stepFixed(30);
        const fallen = await cloth.readPositions();
        const afterFalling = cloth.selfCrossings(fallen);
        const dropMetres = settings.positions[1] - fallen[1];
        cloth.dispose();
        return { backend: cloth.backend, atStart, afterFalling, dropMetres };
      };
      const gpu = await counts(gpuBackend);
      const cpu = await counts('cpu');
      device?.destroy();
      return { gpu, cpu, glError: gl.getError() };
    }, { shape: pushedThroughFold(), gpuBackend });
    console.log(`metric: gpu_self_crossings = ${result.gpu.atStart} -> ${result.gpu.afterFalling} crossings (${gpuBackend}; CPU ${result.cpu.atStart} -> ${result.cpu.afterFalling})`);
    expect(result.gpu.backend).toBe(gpuBackend);
    expect(result.gpu.dropMetres, 'it fell').toBeGreaterThan(0.5);
    expect([result.gpu.atStart, result.gpu.afterFalling]).toEqual([8, 8]);
    expect([result.cpu.atStart, result.cpu.afterFalling]).toEqual([8, 8]);
    expect(result.glError).toBe(0);
    expect(complaints).toEqual([]);
  });
}

test('a WebGL2 context of another realm (an iframe\'s) runs the GPU cloth as this page\'s does', async ({ page }) => {
  const complaints = await openHarness(page);
  const outcome = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const frameCanvas = /** @type {HTMLCanvasElement} */ (frame.contentDocument?.createElement('canvas'));
    frame.contentDocument?.body.append(frameCanvas);
    const contexts = {
      page: /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2')),
      frame: /** @type {WebGL2RenderingContext} */ (frameCanvas.getContext('webgl2')),
    };
    /** @type {Record<string, {backend: string, fallbackReason: string | null, start: number[], end: number[]}>} */
    const runs = {};
    for (const [name, gl] of Object.entries(contexts)) {
      const cloth = nuno.createCloth(gl, { columns: 8, rows: 8, solver: 'xpbd' });
      try {
        const start = Array.from(await cloth.readPositions());
        cloth.stepFixed(10);
        runs[name] = { backend: cloth.backend, fallbackReason: cloth.fallbackReason, start, end: Array.from(await cloth.readPositions()) };
      } finally {
        cloth.dispose();
      }
    }
    return { frameIsAnotherRealm: !(contexts.frame instanceof WebGL2RenderingContext), runs };
  });
  expect(outcome.frameIsAnotherRealm).toBe(true);
  expect([outcome.runs.frame.backend, outcome.runs.frame.fallbackReason]).toEqual(['gpu', null]);
  expect(outcome.runs.frame.end).not.toEqual(outcome.runs.frame.start);
  expect(outcome.runs.frame.end).toEqual(outcome.runs.page.end);
  expect(complaints).toEqual([]);
});

test('devices that cannot run the GPU solver get a clear error, or the CPU cloth with auto', async ({ page }) => {
  await openHarness(page);
  const outcome = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2');
    const maxTextureSize = gl.getParameter(gl.MAX_TEXTURE_SIZE);
    const errorOf = (/** @type {() => unknown} */ make) => {
      try {
        /** @type {any} */ (make()).dispose();
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    const tooWide = { columns: maxTextureSize + 8, rows: 2 };
    const auto = nuno.createCloth(gl, { ...tooWide });
    const noFloat = nuno.createCloth(gl, { columns: 8, rows: 8, ignoreFloatRenderTargets: true });
    const noWebgl2Canvas = { getContext: () => null };
    const noWebgl2 = nuno.createCloth(/** @type {any} */ (noWebgl2Canvas), { columns: 8, rows: 8 });
    const result = {
      maxTextureSize,
      tooWideError: errorOf(() => nuno.createCloth(gl, { ...tooWide, backend: 'gpu' })),
      tooWideAuto: [auto.backend, auto.fallbackReason],
      noFloatError: errorOf(() => nuno.createCloth(gl, { columns: 8, rows: 8, backend: 'gpu', precision: 'float', ignoreFloatRenderTargets: true })),
      noFloatAuto: [noFloat.backend, noFloat.precision],
      noWebgl2Error: errorOf(() => nuno.createCloth(/** @type {any} */ (noWebgl2Canvas), { backend: 'gpu' })),
      noWebgl2Auto: [noWebgl2.backend, noWebgl2.fallbackReason],
      badPrecision: errorOf(() => nuno.createCloth(gl, { precision: 'double' })),
      badBackend: errorOf(() => nuno.createCloth(gl, { backend: 'metal' })),
      badSetting: errorOf(() => nuno.createCloth(gl, { backend: 'gpu', substeps: 0 })),
      tooManyColliders: errorOf(() => {
        const cloth = nuno.createCloth(gl, { columns: 8, rows: 8, backend: 'gpu' });
        try {
          for (let i = 0; i < 9; i++) cloth.addCollider({ type: 'sphere', center: [0, -i, 0], radius: 0.1 });
        } finally {
          cloth.dispose();
        }
        return cloth;
      }),
    };
    for (const cloth of [auto, noFloat, noWebgl2]) cloth.dispose();
    return result;
  });
  const columns = outcome.maxTextureSize + 8;
  expect(outcome.tooWideError).toContain(`a ${columns} x 2 cloth needs a texture that large, but this device's MAX_TEXTURE_SIZE is ${outcome.maxTextureSize}`);
  expect(outcome.tooWideAuto).toEqual(['cpu', outcome.tooWideError]);
  expect(outcome.noFloatError).toContain("precision 'float' needs float render targets (EXT_color_buffer_float)");
  expect(outcome.noFloatAuto).toEqual(['gpu', 'half']);
  expect(outcome.noWebgl2Error).toContain('the GPU backend needs WebGL2');
  expect(outcome.noWebgl2Auto[0]).toBe('cpu');
  expect(outcome.badPrecision).toContain("'precision' must be one of 'auto', 'float', 'half', 'half-unsplit', got 'double'");
  expect(outcome.badBackend).toContain("'backend' must be one of 'auto', 'webgpu', 'gpu', 'cpu', got 'metal'");
  expect(outcome.badSetting).toContain("'substeps' must be an integer in [1, 100], got 0");
  expect(outcome.tooManyColliders).toContain('the GPU backend resolves at most 8 colliders');
});

test('dispose frees the GPU cloth\'s and the renderer\'s GL objects', async ({ page }) => {
  await openHarness(page);
  const alive = await page.evaluate(async () => {
    const { loadNuno, ClothRenderer } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2');
    const cloth = nuno.createCloth(gl, { columns: 8, rows: 8, backend: 'gpu', precision: 'half' });
    cloth.stepFixed(2);
    const textures = [cloth.positionTexture, cloth.positionResidualTexture];
    const renderer = new ClothRenderer(gl, cloth);
    const before = textures.map((texture) => gl.isTexture(texture));
    renderer.dispose();
    cloth.dispose();
    let afterDispose = 'no error';
    try {
      cloth.stepFixed(1);
    } catch (error) {
      afterDispose = error instanceof Error ? error.message : String(error);
    }
    return { before, after: textures.map((texture) => gl.isTexture(texture)), afterDispose, glError: gl.getError() };
  });
  expect(alive.before).toEqual([true, true]);
  expect(alive.after).toEqual([false, false]);
  expect(alive.afterDispose).toContain('this cloth was disposed');
  expect(alive.glError).toBe(0);
});

// The WebGL2 cloth keeps the core's model (settings, rest shape, pins, colliders, clock), not a
// CPU cloth that never steps: a quarter of the heap at most (measured 12.8%: 11.6 of 90.1 MB at
// 512 x 512), so its size is bounded by the GPU's textures. 2048 x 2048 is past the CPU cloth's
// limit (1764 x 1764 at most); one substep of it takes seconds on SwiftShader.
test('a WebGL2 cloth keeps a fraction of a CPU cloth\'s wasm heap, and one larger than any CPU cloth is made and steps', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2');
    /** @param {() => {dispose(): void}} make */
    const heapKeptBy = (make) => {
      const before = nuno.heapBytesInUse();
      const cloth = make();
      const kept = nuno.heapBytesInUse() - before;
      cloth.dispose();
      return kept;
    };
    const gpuBytes = heapKeptBy(() => nuno.createCloth(gl, { columns: 512, rows: 512, backend: 'gpu', precision: 'float' }));
    const cpuBytes = heapKeptBy(() => nuno.createCloth({ columns: 512, rows: 512 }));
    let cpuRefusal = '';
    try {
      nuno.createCloth({ columns: 2048, rows: 2048 }).dispose();
    } catch (error) {
      cpuRefusal = error instanceof Error ? error.message : String(error);
    }
    const large = nuno.createCloth(gl, { columns: 2048, rows: 2048, backend: 'gpu', precision: 'float', substeps: 1 });
    const start = await large.readPositions();
    large.stepFixed(1);
    const end = await large.readPositions();
    const middle = 3 * (1024 * 2048 + 1024) + 1;
    const finite = end.every(Number.isFinite);
    large.dispose();
    return { gpuBytes, cpuBytes, cpuRefusal, fallMetres: start[middle] - end[middle], finite, glError: gl.getError() };
  });
  console.log(`metric: gpu_cloth_heap_bytes_512 = ${result.gpuBytes} B (the CPU cloth's: ${result.cpuBytes} B)`);
  expect(result.gpuBytes).toBeLessThanOrEqual(result.cpuBytes / 4);
  expect(result.cpuRefusal).toMatch(/'columns \* rows' must be at most about \d+ particles/);
  expect(result.finite).toBe(true);
  // One substep of 1/60 s under gravity from rest: g h^2 = 2.7 mm (the update's velocity first).
  expect(result.fallMetres).toBeGreaterThan(0.001);
  expect(result.fallMetres).toBeLessThan(0.005);
  expect(result.glError).toBe(0);
});

test('hold, release and strain on the GPU match the CPU', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2');
    const settings = { columns: 16, rows: 16 };
    const clothes = [nuno.createCloth(gl, { ...settings, backend: 'gpu', precision: 'float' }), nuno.createCloth(settings)];
    // The split half path writes a held texel through its load pass: it must land where asked.
    const half = nuno.createCloth(gl, { ...settings, backend: 'gpu', precision: 'half' });
    half.hold(100, [0.1, 1.2, 0.3]);
    half.stepFixed(3);
    const halfHeld = Array.from((await half.readPositions()).subarray(300, 303));
    half.dispose();
    const corner = 255;
    const target = [0.5, 0.8, 0.5];
    for (const cloth of clothes) {
      cloth.hold(corner, target);
      cloth.stepFixed(20);
    }
    const held = await Promise.all(clothes.map((cloth) => cloth.readPositions()));
    for (const cloth of clothes) {
      cloth.release(corner);
      cloth.stepFixed(20);
    }
    const released = await Promise.all(clothes.map((cloth) => cloth.readPositions()));
    const deviation = (/** @type {Float32Array[]} */ [a, b]) => {
      let max = 0;
      for (let i = 0; i < a.length; i += 3) max = Math.max(max, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
      return max;
    };
    const strains = clothes.map((cloth, i) => cloth.strain('structural', released[i]).max);
    let missingPositions = '';
    try {
      /** @type {any} */ (clothes[0]).strain('structural');
    } catch (error) {
      missingPositions = error instanceof Error ? error.message : String(error);
    }
    clothes.forEach((cloth) => cloth.dispose());
    return {
      heldCorner: Array.from(held[0].subarray(3 * corner, 3 * corner + 3)),
      heldDeviationMm: deviation(held) * 1000,
      releasedCornerY: released[0][3 * corner + 1],
      releasedDeviationMm: deviation(released) * 1000,
      strains,
      missingPositions,
      halfHeld,
    };
  });
  console.log(`metric: gpu_cpu_max_deviation_mm = ${result.releasedDeviationMm.toPrecision(3)} mm (held, then released)`);
  result.heldCorner.forEach((value, axis) => expect(value).toBeCloseTo([0.5, 0.8, 0.5][axis], 6));
  result.halfHeld.forEach((value, axis) => expect(value).toBeCloseTo([0.1, 1.2, 0.3][axis], 6));
  expect(result.heldDeviationMm).toBeLessThan(1);
  expect(result.releasedCornerY, 'released, the corner falls').toBeLessThan(0.75);
  expect(result.releasedDeviationMm).toBeLessThan(1);
  expect(result.strains[0]).toBeGreaterThan(0);
  expect(Math.abs(result.strains[0] - result.strains[1])).toBeLessThan(0.01);
  expect(result.missingPositions).toContain("strain() needs 'positions'");
});

test('after a lost and restored context the GPU cloth rebuilds and runs from rest', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    canvas.addEventListener('webglcontextlost', (event) => event.preventDefault());
    const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
    const settings = { columns: 16, rows: 16, pins: 'top-corners' };
    const gpu = nuno.createCloth(gl, { ...settings, backend: 'gpu' });
    gpu.addCollider({ type: 'sphere', center: [0, 0.4, 0.2], radius: 0.3 });
    gpu.stepFixed(30);
    const loseContext = /** @type {WEBGL_lose_context} */ (gl.getExtension('WEBGL_lose_context'));
    const event = (/** @type {string} */ name) => new Promise((resolve) => canvas.addEventListener(name, resolve, { once: true }));
    const lost = event('webglcontextlost');
    loseContext.loseContext();
    await lost;
    const stepsBefore = gpu.stepsTaken;
    gpu.stepFixed(5); // ignored while the context is lost, without throwing
    const whileLost = { lost: gpu.lost, steps: gpu.stepsTaken - stepsBefore };
    // Chromium allows restoring only once the lost event has been handled, in a later task.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const restored = event('webglcontextrestored');
    loseContext.restoreContext();
    await restored;
    gpu.restore();
    gpu.stepFixed(30);
    const cpu = nuno.createCloth(settings);
    cpu.addCollider({ type: 'sphere', center: [0, 0.4, 0.2], radius: 0.3 });
    const start = await cpu.readPositions();
    cpu.stepFixed(30);
    const [a, b] = [await gpu.readPositions(), await cpu.readPositions()];
    let deviation = 0;
    for (let i = 0; i < a.length; i += 3) deviation = Math.max(deviation, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
    let moved = 0;
    for (let i = 0; i < b.length; i += 3) moved = Math.max(moved, Math.hypot(b[i] - start[i], b[i + 1] - start[i + 1], b[i + 2] - start[i + 2]));
    gpu.dispose();
    cpu.dispose();
    return { deviationMm: deviation * 1000, moved, glError: gl.getError(), whileLost, lostAfterRestore: gpu.lost };
  });
  console.log(`metric: gpu_cpu_max_deviation_mm = ${result.deviationMm.toPrecision(3)} mm (30 steps after a context restore)`);
  expect(result.whileLost, 'lost, and no steps taken while the context is lost').toEqual({ lost: true, steps: 0 });
  expect(result.lostAfterRestore).toBe(false);
  expect(result.moved, 'the cloth moved (metres)').toBeGreaterThan(0.05);
  expect(result.deviationMm).toBeLessThan(1);
  expect(result.glError).toBe(0);
  expect(complaints.filter((text) => !text.includes('CONTEXT_LOST'))).toEqual([]);
});

test('a device that breaks the split half state is caught at start-up, never run silently wrong', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno, GpuUnsupportedError } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
    const settings = { columns: 16, rows: 16, precision: /** @type {const} */ ('half') };
    const healthy = nuno.createCloth(gl, { ...settings, backend: 'auto' });
    const healthyPrecision = healthy.backend === 'gpu' ? healthy.precision : 'cpu';
    healthy.dispose();
    // Act as a shader compiler that drops the low half, as NVIDIA's did to an earlier split.
    const shaderSource = gl.shaderSource.bind(gl);
    gl.shaderSource = (shader, source) => shaderSource(shader,
      source.replace('vec4 storedLow(vec3 value) {', 'vec4 storedLow(vec3 value) { return vec4(0.0);'));
    const texturesBefore = gl.getParameter(gl.TEXTURE_BINDING_2D);
    const auto = nuno.createCloth(gl, { ...settings, backend: 'auto' });
    let forced = null;
    try {
      nuno.createCloth(gl, { ...settings, backend: 'gpu' }).dispose();
    } catch (error) {
      forced = { isGpuUnsupported: error instanceof GpuUnsupportedError, message: String(/** @type {Error} */ (error).message) };
    }
    gl.shaderSource = shaderSource;
    const result = { healthyPrecision, autoBackend: auto.backend, fallbackReason: auto.fallbackReason, forced,
      textureBindingKept: gl.getParameter(gl.TEXTURE_BINDING_2D) === texturesBefore, glError: gl.getError() };
    auto.dispose();
    return result;
  });
  console.log(`metric: half_split_check_fallback = ${result.fallbackReason}`);
  expect(result.healthyPrecision).toBe('half');
  expect(result.autoBackend).toBe('cpu');
  expect(result.fallbackReason).toContain('the split half-float state does not keep its precision on this device');
  expect(result.forced?.isGpuUnsupported).toBe(true);
  expect(result.forced?.message).toContain("use precision: 'float' or backend: 'cpu'");
  expect(result.glError).toBe(0);
});

test('the GPU cloth refuses orderings it does not run and loose step counts, by name; auto takes the CPU for those orderings', async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
    const errorOf = (/** @type {() => void} */ action) => {
      try {
        action();
        return null;
      } catch (error) {
        return String(/** @type {Error} */ (error).message);
      }
    };
    const outcome = {};
    for (const ordering of /** @type {const} */ (['gauss-seidel'])) {
      const auto = nuno.createCloth(gl, { columns: 8, rows: 8, ordering });
      outcome[ordering] = {
        gpuError: errorOf(() => nuno.createCloth(gl, { columns: 8, rows: 8, ordering, backend: 'gpu' }).dispose()),
        auto: [auto.backend, auto.settings.ordering, auto.fallbackReason],
      };
      auto.dispose();
    }
    const jacobiXpbd = errorOf(() => nuno.createCloth(gl, { columns: 8, rows: 8, ordering: 'jacobi', solver: 'xpbd', iterations: 3, backend: 'gpu' }).dispose());
    const gpu = nuno.createCloth(gl, { columns: 8, rows: 8, backend: 'gpu' });
    const setError = errorOf(() => gpu.set({ ordering: 'gauss-seidel', substeps: 5 }));
    const countError = errorOf(() => gpu.stepFixed(2.9));
    const after = { ordering: gpu.settings.ordering, substeps: gpu.settings.substeps };
    gpu.set({ ordering: 'jacobi', substeps: 4 });
    const accepted = { ordering: gpu.settings.ordering, substeps: gpu.settings.substeps };
    // With Jacobi running, XPBD with more iterations is refused as a change too.
    const iterationsError = errorOf(() => gpu.set({ iterations: 2 }));
    gpu.dispose();
    // A grid only a GPU holds, with an ordering only the CPU runs: 'auto' cannot fall back, and says both.
    const neither = errorOf(() => nuno.createCloth(gl, { columns: 2048, rows: 2048, ordering: 'gauss-seidel' }).dispose());
    return { outcome, jacobiXpbd, setError, countError, after, accepted, iterationsError, neither };
  });
  const { gpuError, auto } = result.outcome['gauss-seidel'];
  expect(gpuError).toContain("the GPU backend solves with ordering 'red-black' or 'jacobi' only, got 'gauss-seidel'; use ordering: 'red-black', or backend: 'cpu' for 'gauss-seidel'");
  expect(auto).toEqual(['cpu', 'gauss-seidel', gpuError]);
  expect(result.jacobiXpbd).toContain("the GPU backend's Jacobi sweep keeps no XPBD multipliers between iterations, so 'iterations' must be 1 with solver 'xpbd' and ordering 'jacobi' there, got 3");
  expect(result.setError).toContain("ordering 'red-black' or 'jacobi' only, got 'gauss-seidel'");
  expect(result.after, 'a refused change changes nothing').toEqual({ ordering: 'red-black', substeps: 10 });
  expect(result.accepted).toEqual({ ordering: 'jacobi', substeps: 4 });
  expect(result.iterationsError).toContain("'iterations' must be 1 with solver 'xpbd' and ordering 'jacobi' there, got 2");
  expect(result.countError).toBe("nuno: 'count' must be an integer in [0, 1000000], got 2.9");
  expect(result.neither).toMatch(/^nuno: 'columns \* rows' must be at most about \d+ particles .*; backend 'auto' fell back to the CPU because nuno: the GPU backend solves with ordering 'red-black' or 'jacobi' only/);
});

test('a solver pass catches a misspelt uniform: when it is made, and where it is set in debug mode', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { SolverPass } = await import('/web/backends/webgl2/solver-pass.js');
    const { solverLoadFrag } = await import('/dist/shaders.js');
    const { loadNuno } = await import('/web/index.js');
    const gl = /** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2'));
    /** @param {() => void} action */
    const errorOf = (action) => {
      try {
        action();
        return null;
      } catch (error) {
        return /** @type {Error} */ (error).message;
      }
    };
    const options = { precision: 'float', columns: 4, rows: 4, patchSize: [4, 4], constants: {}, constantsGlsl: '' };
    const load = { label: 'test load', fragmentSource: solverLoadFrag, uniforms: [] };
    const declaredWrong = errorOf(() => new SolverPass(gl, { ...options, debug: false }, { ...load, samplers: ['uSorce'] }));
    const pass = new SolverPass(gl, { ...options, debug: true }, { ...load, samplers: ['uSource'] });
    const setWrong = errorOf(() => pass.run({ uSource: null }, (context, u) => context.uniform1i(u.uSorce, 0)));
    pass.dispose();

    // Every real pass declares what it sets: debug cloths run each program variant without a throw.
    const nuno = await loadNuno();
    const variants = [];
    for (const precision of ['float', 'half']) {
      for (const [solver, iterations] of [['xpbd', 3], ['pbd', 1], ['mass-spring', 1]]) {
        const cloth = nuno.createCloth(gl, { backend: 'gpu', precision, debug: true, columns: 8, rows: 6, solver, iterations, wind: [1, 0, 0] });
        cloth.addCollider({ type: 'sphere', center: [0, 0.5, 0], radius: 0.2 });
        cloth.addCollider({ type: 'plane', point: [0, -1, 0], normal: [0, 1, 0] });
        cloth.stepFixed(2);
        cloth.dispose();
        variants.push(`${precision} ${solver}`);
      }
    }
    const badDebug = errorOf(() => nuno.createCloth(gl, { backend: 'gpu', debug: 'yes' }));
    return { declaredWrong, setWrong, variants, badDebug, glError: gl.getError() };
  });
  expect(result.declaredWrong).toContain("no active uniform 'uSorce'");
  expect(result.setWrong).toContain("'uSorce', which it does not declare");
  expect(result.variants).toHaveLength(6);
  expect(result.badDebug).toContain("'debug'");
  expect(result.glError).toBe(0);
  expect(complaints).toEqual([]);
});

test('colliders moved or removed and settings changed while running reach the GPU as on the CPU', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const gl = /** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2'));
    const nuno = await loadNuno();
    const settings = { columns: 16, rows: 12, width: 1.2, height: 0.9, orientation: 'horizontal', center: [0, 1, 0], pins: 'none' };
    const cloths = [nuno.createCloth(gl, { ...settings, backend: 'gpu', precision: 'float' }), nuno.createCloth(settings)];
    const phases = [
      (/** @type {any} */ cloth) => {
        cloth.addCollider({ type: 'sphere', center: [0, 0.5, 0], radius: 0.3, friction: 0.5 });
        cloth.addCollider({ type: 'plane', point: [0, 0.3, 0], normal: [0, 1, 0] });
      },
      (/** @type {any} */ cloth) => {
        cloth.updateCollider(cloth.colliders[0].id, { center: [0.2, 0.6, 0], radius: 0.25 });
        cloth.set({ wind: [2, 0, 1], substeps: 6 });
      },
      (/** @type {any} */ cloth) => cloth.removeCollider(cloth.colliders[1].id),
    ];
    for (const phase of phases) {
      for (const cloth of cloths) {
        phase(cloth);
        cloth.stepFixed(20);
      }
    }
    const [gpuPositions, cpuPositions] = [await /** @type {any} */ (cloths[0]).readPositions(), cloths[1].positions];
    let maxDeviation = 0;
    for (let i = 0; i < cpuPositions.length; i += 3) {
      const distance = Math.hypot(gpuPositions[i] - cpuPositions[i], gpuPositions[i + 1] - cpuPositions[i + 1], gpuPositions[i + 2] - cpuPositions[i + 2]);
      maxDeviation = Math.max(maxDeviation, distance);
    }
    const lowest = Math.min(...Array.from({ length: cpuPositions.length / 3 }, (_, i) => cpuPositions[3 * i + 1]));
    cloths.forEach((cloth) => cloth.dispose());
    return { maxDeviationMm: maxDeviation * 1000, lowest, glError: gl.getError() };
  });
  console.log(`metric: gpu_cpu_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (colliders moved and removed, settings changed)`);
  expect(result.lowest, 'the plane was removed, so the sheet fell past it').toBeLessThan(0.3);
  expect(result.maxDeviationMm).toBeLessThan(0.01);
  expect(result.glError).toBe(0);
  expect(complaints).toEqual([]);
});

// Issues 30 and 25: a contact gives no more speed than depenetrationSpeed (1 m/s), a sphere moved
// onto the cloth still sweeps it along, the ground wins over a sphere that comes up through it,
// and a sheet standing on the ground stores the velocity it has (none), on both GPUs as on the CPU.
for (const gpuBackend of /** @type {const} */ (['gpu', 'webgpu'])) {
  test(`${gpuBackend} contacts: a cloth made half inside a wall comes out at the depenetration speed, the ground wins over a rising sphere, and a standing sheet stores no velocity`, async ({ page }) => {
    const complaints = await openHarness(page);
    /** @type {Record<string, Awaited<ReturnType<typeof contactsInPage>>>} */
    const results = {};
    for (const backend of [gpuBackend, 'cpu']) {
      const result = await page.evaluate(contactsInPage, { backend });
      results[backend] = result;
      console.log(`metric: contact_fastest_particle_m_per_s = ${result.firstStepSpeed.toFixed(3)} m/s (${backend}, first step half inside a wall)`);
      console.log(`metric: contact_fastest_particle_m_per_s = ${result.speedAfter.toFixed(3)} m/s (${backend}, 5 s after the wall is removed)`);
      // Pushed out at once, the fastest particle left at about 20 m/s.
      expect(result.firstStepSpeed, backend).toBeLessThan(2);
      expect(result.speedAfter, backend).toBeLessThan(2);
      expect(result.clearance, `${backend}: out of the wall after 1 s`).toBeGreaterThan(0.004);
      for (const [speed, { lowest, highest, sphereTop }] of Object.entries(result.risingSphere)) {
        console.log(`metric: lowest_under_rising_sphere_m = ${lowest.toFixed(4)} m (${backend}, ${speed} m/s)`);
        expect(lowest, `${backend}, ${speed} m/s: never under the ground`).toBeGreaterThanOrEqual(0);
        if (speed === '5') expect(highest, `${backend}: the sphere lifts the cloth`).toBeGreaterThan(sphereTop - 0.01);
      }
      console.log(`metric: standing_sheet_first_fall_mm = ${(result.bottomRowDrop * 1000).toFixed(3)} mm (${backend}, the step after the ground is removed)`);
      // 2.52 mm on every backend; storing the -0.245 m/s it kept while it stood, 3.15 mm.
      expect(result.bottomRowDrop, `${backend}: a sheet that stood still stored no velocity`).toBeLessThan(0.0028);
    }
    // SwiftShader rounds as the CPU does: the same figures to a micrometre (per second).
    const [gpu, cpu] = [results[gpuBackend], results.cpu];
    for (const key of /** @type {const} */ (['firstStepSpeed', 'speedAfter', 'bottomRowDrop'])) expect(Math.abs(gpu[key] - cpu[key]), key).toBeLessThan(1e-6);
    for (const speed of ['5', '20']) expect(Math.abs(gpu.risingSphere[speed].lowest - cpu.risingSphere[speed].lowest), `lowest at ${speed} m/s`).toBeLessThan(1e-6);
    expect(complaints).toEqual([]);
  });
}
