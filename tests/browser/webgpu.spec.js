// The WebGPU compute backend in Chromium (WebGPU on SwiftShader's Vulkan here): it computes what
// the CPU core computes for the three solvers, colliders, pins, holds and patches in gusts; it
// refuses what it cannot run with errors that name the setting; 'auto' steps down from WebGPU
// to WebGL2 to the CPU and says why; a lost device and dispose() leave nothing broken.
import { expect, test } from '@playwright/test';
import { compareBackendsInPage } from '../engines/page-scripts.js';
import { collectComplaints } from '../engines/playwright-driver.js';
import { gpuCpuToleranceMm, minDropMetres, papersInGusts, solvers, swingOntoGround, swingOverMesh, swingOverShapes } from '../engines/scenes.js';

test.describe.configure({ timeout: 120_000 });

/** @param {import('@playwright/test').Page} page */
async function openHarness(page) {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  return complaints;
}

for (const solver of solvers) {
  test(`WebGPU and CPU agree within 1 mm after 120 steps (${solver})`, async ({ page }) => {
    const complaints = await openHarness(page);
    const scene = { ...swingOntoGround, settings: { ...swingOntoGround.settings, solver } };
    const result = await page.evaluate(compareBackendsInPage, { scene, first: { backend: 'webgpu' }, second: { backend: 'cpu' } });
    console.log(`metric: webgpu_cpu_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (${solver})`);
    expect(result.precisions).toEqual(['webgpu', 'cpu']);
    expect(result.drop, 'the sheet swings down about 0.8 m').toBeGreaterThan(minDropMetres);
    expect(result.maxDeviationMm).toBeLessThan(gpuCpuToleranceMm);
    expect(result.webGpuErrors).toEqual([]);
    expect(complaints).toEqual([]);
  });
}

test('WebGPU keeps XPBD multipliers over 3 iterations, resolves the box, capsule and mesh crate, and runs patches in gusts as the CPU does', async ({ page }) => {
  const complaints = await openHarness(page);
  const xpbd = { ...swingOntoGround, settings: { ...swingOntoGround.settings, solver: 'xpbd', substeps: 4, iterations: 3, structural: { compliance: 1e-4 } } };
  // Besides the 1 mm every backend meets: on SwiftShader the WebGPU passes do the CPU's float
  // operations in its order, and the multiplier scene ends within 0.01 mm (0 here; keeping half
  // of each multiplier's change, a mutation, ends 0.12 mm away, inside the 1 mm).
  const scenes = {
    'xpbd 4 x 3': [xpbd, 0.01], 'box and capsule': [swingOverShapes, gpuCpuToleranceMm], 'mesh crate': [swingOverMesh, 0.01],
    'papers in gusts': [papersInGusts, gpuCpuToleranceMm],
  };
  for (const [name, [scene, toleranceMm]] of Object.entries(scenes)) {
    const result = await page.evaluate(compareBackendsInPage, { scene, first: { backend: 'webgpu' }, second: { backend: 'cpu' } });
    console.log(`metric: webgpu_cpu_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (${name})`);
    expect(result.precisions).toEqual(['webgpu', 'cpu']);
    expect(result.moved, `${name}: it moved`).toBeGreaterThan(0.05);
    expect(result.maxDeviationMm, name).toBeLessThan(toleranceMm);
    expect(result.webGpuErrors).toEqual([]);
  }
  expect(complaints).toEqual([]);
});

test('a held, dragged and released corner and a pin added mid-run move the WebGPU cloth as they move the CPU cloth', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async (settings) => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    const errors = /** @type {string[]} */ ([]);
    device.addEventListener('uncapturederror', (/** @type {any} */ event) => errors.push(event.error.message));
    const run = async (/** @type {any} */ cloth) => {
      cloth.addCollider({ type: 'plane', point: [0, 0, 0], normal: [0, 1, 0] });
      const corner = cloth.particleCount - 1;
      cloth.stepFixed(20);
      cloth.hold(corner, [0.7, 1.1, 0.4]);
      cloth.stepFixed(20);
      cloth.hold(corner, [0.2, 1.3, 0.6]);
      cloth.pin(cloth.columns * (cloth.rows - 1));
      cloth.stepFixed(20);
      cloth.release(corner);
      cloth.stepFixed(20);
      const end = await cloth.readPositions();
      cloth.dispose();
      return end;
    };
    const onGpu = await run(nuno.createCloth(device, { ...settings, backend: 'webgpu' }));
    const onCpu = await run(nuno.createCloth(settings));
    let maxDeviation = 0;
    for (let i = 0; i < onGpu.length; i += 3) {
      maxDeviation = Math.max(maxDeviation, Math.hypot(onGpu[i] - onCpu[i], onGpu[i + 1] - onCpu[i + 1], onGpu[i + 2] - onCpu[i + 2]));
    }
    device.destroy();
    const pinned = 3 * (settings.columns * (settings.rows - 1));
    return { maxDeviationMm: maxDeviation * 1000, errors, pinnedY: onGpu[pinned + 1], pinnedYCpu: onCpu[pinned + 1] };
  }, swingOntoGround.settings);
  console.log(`metric: webgpu_cpu_max_deviation_mm = ${result.maxDeviationMm.toPrecision(3)} mm (hold, drag, release, pin)`);
  expect(result.maxDeviationMm).toBeLessThan(gpuCpuToleranceMm);
  expect(result.pinnedY, 'the pinned corner stays where it was pinned, up in the air').toBeGreaterThan(0.05);
  expect(result.pinnedY).toBeCloseTo(result.pinnedYCpu, 5);
  expect(result.errors).toEqual([]);
  expect(complaints).toEqual([]);
});

test('the WebGPU backend refuses what it cannot run, naming the setting', async ({ page }) => {
  await openHarness(page);
  const messages = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    const attempt = (/** @type {() => unknown} */ make) => {
      try {
        make();
        return 'no error';
      } catch (error) {
        return `${/** @type {Error} */ (error).name}: ${/** @type {Error} */ (error).message}`;
      }
    };
    const cloth = nuno.createCloth(device, { backend: 'webgpu', columns: 8, rows: 8 });
    for (let i = 0; i < nuno.gpuConstants.maxColliders; i++) cloth.addCollider({ type: 'sphere', center: [0, -2 - i, 0], radius: 0.1 });
    const result = {
      ordering: attempt(() => nuno.createCloth(device, { backend: 'webgpu', ordering: 'gauss-seidel' })),
      orderingSet: attempt(() => cloth.set({ ordering: 'jacobi' })),
      half: attempt(() => nuno.createCloth(device, { backend: 'webgpu', precision: 'half' })),
      webglOnDevice: attempt(() => nuno.createCloth(device, { backend: 'gpu' })),
      webgpuOnCanvas: attempt(() => nuno.createCloth(canvas, { backend: 'webgpu' })),
      backend: attempt(() => nuno.createCloth(device, { backend: 'vulkan' })),
      columns: attempt(() => nuno.createCloth(device, { backend: 'webgpu', columns: 1 })),
      colliders: attempt(() => cloth.addCollider({ type: 'sphere', center: [0, 0, 0], radius: 0.1 })),
      autoOrdering: (() => {
        const fallback = nuno.createCloth(device, { backend: 'auto', ordering: 'jacobi' });
        const summary = `${fallback.backend}: ${fallback.fallbackReason}`;
        fallback.dispose();
        return summary;
      })(),
    };
    cloth.dispose();
    // Made and freed many times, refused ones among them: the core's heap comes back (measured
    // after the first cloths, whose one-time allocations stay).
    const heapBefore = nuno.heapBytesInUse();
    for (let i = 0; i < 50; i++) {
      nuno.createCloth(device, { backend: 'webgpu', columns: 24, rows: 24, selfCollisionThickness: 0.02 }).dispose();
      attempt(() => nuno.createCloth(device, { backend: 'webgpu', ordering: 'jacobi' }));
    }
    const heapAfter = nuno.heapBytesInUse();
    device.destroy();
    return { ...result, heapGrowth: heapAfter - heapBefore };
  });
  expect(messages.ordering).toBe("GpuUnsupportedError: nuno: the WebGPU backend solves with ordering 'red-black' only, got 'gauss-seidel'; use ordering: 'red-black', or backend: 'gpu' (WebGL2) for 'jacobi', or 'cpu'");
  expect(messages.orderingSet).toMatch(/^Error: nuno: the WebGPU backend solves with ordering 'red-black' only, got 'jacobi'/);
  expect(messages.half).toMatch(/'precision' must be 'auto' or 'float' on the WebGPU backend .*got 'half'/);
  expect(messages.webglOnDevice).toMatch(/^TypeError: nuno: backend 'gpu' is WebGL2 and needs a WebGL2 context or canvas, not a GPUDevice/);
  expect(messages.webgpuOnCanvas).toMatch(/^TypeError: nuno: backend 'webgpu' needs a GPUDevice .*requestCloth/);
  expect(messages.backend).toBe("Error: nuno: 'backend' must be one of 'auto', 'webgpu', 'gpu', 'cpu', got 'vulkan'");
  expect(messages.columns).toMatch(/'columns'.*got 1/);
  expect(messages.colliders).toMatch(/the WebGPU backend resolves at most \d+ colliders/);
  expect(messages.autoOrdering).toMatch(/^cpu: nuno: the WebGPU backend solves with ordering 'red-black' only/);
  expect(messages.heapGrowth, 'the core heap after 50 cloths made and freed and 50 refused').toBe(0);
});

test("requestCloth's 'auto' steps down from WebGPU to WebGL2 to the CPU, saying why at each step down", async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    const describe = async (/** @type {Promise<any>} */ made) => {
      const cloth = await made;
      const summary = { backend: cloth.backend, reason: cloth.fallbackReason };
      cloth.stepFixed(2);
      cloth.dispose();
      return summary;
    };
    // Without a canvas no WebGL2 cloth can be timed against it: WebGPU, untried.
    const first = await nuno.requestCloth(null, { columns: 8, rows: 8 });
    const device = first.device;
    const deviceLost = device.lost.then((/** @type {GPUDeviceLostInfo} */ info) => info.reason);
    const best = { backend: first.backend, reason: first.fallbackReason, trial: first.trialMsPerStep };
    first.dispose();
    const jacobi = await describe(nuno.requestCloth(canvas, { columns: 8, rows: 8, ordering: 'jacobi' }));
    const gaussSeidel = await describe(nuno.requestCloth(canvas, { columns: 8, rows: 8, ordering: 'gauss-seidel' }));
    const halfCloth = await nuno.requestCloth(canvas, { columns: 8, rows: 8, precision: 'half' });
    const half = { backend: halfCloth.backend, precision: halfCloth.precision, reason: halfCloth.fallbackReason };
    halfCloth.dispose();
    const noCanvas = await describe(nuno.requestCloth(null, { columns: 8, rows: 8, ordering: 'jacobi' }));
    const gpu = navigator.gpu;
    Object.defineProperty(navigator, 'gpu', { value: undefined, configurable: true });
    const noWebGpu = await describe(nuno.requestCloth(canvas, { columns: 8, rows: 8 }));
    let webgpuOnly = '';
    try {
      await nuno.requestCloth(canvas, { backend: 'webgpu', columns: 8, rows: 8 });
    } catch (error) {
      webgpuOnly = `${/** @type {Error} */ (error).name}: ${/** @type {Error} */ (error).message}`;
    }
    Object.defineProperty(navigator, 'gpu', { value: gpu, configurable: true });
    return { best, ownedDeviceLost: await deviceLost, jacobi, gaussSeidel, half, noCanvas, noWebGpu, webgpuOnly };
  });
  expect(result.best).toEqual({ backend: 'webgpu', reason: null, trial: null });
  expect(result.ownedDeviceLost, 'the device requestCloth made goes with the cloth').toBe('destroyed');
  expect(result.jacobi.backend, 'WebGL2 runs the Jacobi ordering').toBe('gpu');
  expect(result.jacobi.reason).toBe("nuno: the WebGPU backend solves with ordering 'red-black' only, got 'jacobi'; use ordering: 'red-black', or backend: 'gpu' (WebGL2) for 'jacobi', or 'cpu'");
  expect(result.gaussSeidel.backend, 'neither GPU backend runs Gauss-Seidel').toBe('cpu');
  expect(result.gaussSeidel.reason).toMatch(/^nuno: the WebGPU backend solves with ordering 'red-black' only, got 'gauss-seidel'.*; then nuno: the GPU backend solves with ordering 'red-black' or 'jacobi' only, got 'gauss-seidel'/);
  expect(result.half).toEqual({ backend: 'gpu', precision: 'half',
    reason: "nuno: 'precision' 'half' is WebGL2's: the WebGPU backend keeps its state in 32-bit float" });
  expect(result.noCanvas.backend).toBe('cpu');
  expect(result.noCanvas.reason).toMatch(/^nuno: the WebGPU backend solves.*; then nuno: no WebGL2 context or canvas was given$/);
  expect(result.noWebGpu.backend).toBe('gpu');
  expect(result.noWebGpu.reason).toMatch(/^nuno: this browser offers no WebGPU \(navigator.gpu is missing/);
  expect(result.webgpuOnly).toMatch(/^GpuUnsupportedError: nuno: this browser offers no WebGPU.*use backend: 'gpu' \(WebGL2\) or 'cpu'$/);
});

test("requestCloth's 'auto' keeps whichever of WebGPU and WebGL2 stepped the cloth faster, and hands back a cloth the trial never stepped", async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    /** @type {GPUDevice[]} the devices requestCloth asked for, to see the loser's go */
    const devices = [];
    const requestDevice = GPUAdapter.prototype.requestDevice;
    GPUAdapter.prototype.requestDevice = async function recorded(/** @type {GPUDeviceDescriptor} */ descriptor) {
      const device = await requestDevice.call(this, descriptor);
      devices.push(device);
      return device;
    };
    const busyFor = (/** @type {number} */ ms) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    /** @param {number} ms @returns {(original: Function) => Function} a call made slow by a busy wait */
    const slowedBy = (ms) => (original) => function slowed(/** @type {unknown[]} */ ...args) { busyFor(ms); return original.apply(this, args); };
    const throwing = () => () => { throw new Error('as a lost context'); };
    /**
     * requestCloth for a fresh canvas, with `method` on `prototype` replaced while it runs (none:
     * as the machine is), and what it handed back.
     * @param {any} [prototype]
     * @param {string} [method]
     * @param {(original: Function) => Function} [replace]
     */
    const chosen = async (prototype, method, replace) => {
      const original = prototype?.[method];
      if (prototype && replace) prototype[method] = replace(original);
      const canvas = document.createElement('canvas');
      const heapBefore = nuno.heapBytesInUse();
      let cloth;
      try {
        cloth = await nuno.requestCloth(canvas, { columns: 16, rows: 16, pins: 'top-edge' });
      } finally {
        if (prototype) prototype[method] = original;
      }
      const untried = { stepsTaken: cloth.stepsTaken, simulatedSeconds: cloth.simulatedSeconds, start: Array.from(await cloth.readPositions()) };
      cloth.stepFixed(5);
      const end = await cloth.readPositions();
      const summary = {
        backend: cloth.backend, reason: cloth.fallbackReason, trial: cloth.trialMsPerStep, untried,
        stepsTaken: cloth.stepsTaken, falls: untried.start.some((y, i) => i % 3 === 1 && end[i] < y - 1e-4),
        // A canvas holds one kind of context: WebGPU's winning left it free for one.
        canvasFree: cloth.backend === 'webgpu' ? canvas.getContext('webgpu') !== null : null,
      };
      const device = devices.at(-1);
      cloth.dispose();
      const lost = await Promise.race([device?.lost.then((info) => info.reason), new Promise((resolve) => setTimeout(() => resolve('still there'), 2000))]);
      // The trial's own cloths went too: the core's memory is as before.
      return { ...summary, requestedDeviceAfterDispose: lost, heapGrowth: nuno.heapBytesInUse() - heapBefore };
    };
    const cpuCloth = nuno.createCloth({ columns: 16, rows: 16, pins: 'top-edge' });
    const restPositions = Array.from(cpuCloth.positions);
    cpuCloth.dispose();
    const webGl2Slowed = await chosen(WebGL2RenderingContext.prototype, 'drawArrays', slowedBy(2));
    const webGpuSlowed = await chosen(GPUQueue.prototype, 'submit', slowedBy(300));
    const asItIs = await chosen();
    // A trial that fails (WebGL2's fence throwing, as a lost context's may) chooses nothing: WebGPU, untimed.
    const trialFailed = await chosen(WebGL2RenderingContext.prototype, 'fenceSync', throwing);
    GPUAdapter.prototype.requestDevice = requestDevice;
    return { restPositions, webGl2Slowed, webGpuSlowed, asItIs, trialFailed };
  });
  const { webGl2Slowed, webGpuSlowed, asItIs, trialFailed } = result;
  for (const [name, run] of Object.entries({ webGl2Slowed, webGpuSlowed, asItIs, trialFailed })) {
    if (run.trial) {
      console.log(`metric: auto_trial_ms_per_step = webgpu ${run.trial.webgpu.toPrecision(3)}, webgl2 ${run.trial.gpu.toPrecision(3)} -> ${run.backend} (${name}, 16 x 16, SwiftShader)`);
      expect(run.trial.webgpu, name).toBeGreaterThan(0);
      expect(run.trial.gpu, name).toBeGreaterThan(0);
      expect(run.backend, `${name}: the backend that stepped faster`).toBe(run.trial.webgpu <= run.trial.gpu ? 'webgpu' : 'gpu');
    }
    expect(run.untried, `${name}: the cloth handed back starts at rest, unstepped`).toEqual({ stepsTaken: 0, simulatedSeconds: 0, start: result.restPositions });
    expect(run.stepsTaken).toBe(5);
    expect(run.falls, `${name}: and it steps`).toBe(true);
    // The device requestCloth asked for goes with the WebGPU cloth, chosen or not.
    expect(run.requestedDeviceAfterDispose, name).toBe('destroyed');
    expect(run.heapGrowth, `${name}: the trial's cloths were freed`).toBe(0);
  }
  expect(trialFailed).toMatchObject({ backend: 'webgpu', trial: null, reason: null });
  // Each slowed backend loses by far: 2 ms a draw call is about 300 ms a step, 300 ms a submit 300 ms a step.
  expect(webGl2Slowed).toMatchObject({ backend: 'webgpu', reason: null, canvasFree: true });
  expect(webGpuSlowed.backend).toBe('gpu');
  expect(webGpuSlowed.reason).toMatch(/^nuno: WebGL2 stepped this cloth faster here than WebGPU \(\d[\d.]* ms a step against \d[\d.]*, as requestCloth timed them\)$/);
  expect(complaints).toEqual([]);
});

test('a lost WebGPU device stops the cloth without errors, and restore(device) starts it again from rest', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const adapter = /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter());
    const device = await adapter.requestDevice();
    const cloth = /** @type {any} */ (nuno.createCloth(device, { backend: 'webgpu', columns: 16, rows: 16, orientation: 'horizontal', pins: 'top-edge' }));
    const rest = await cloth.readPositions();
    cloth.stepFixed(10);
    device.destroy();
    await device.lost;
    const lost = cloth.lost;
    const stepsBefore = cloth.stepsTaken;
    const stepsWhileLost = cloth.step(0.5) + (cloth.stepFixed(5), cloth.stepsTaken - stepsBefore);
    cloth.hold(0, [0, 2, 0]);
    let readError = '';
    await cloth.readPositions().catch((/** @type {Error} */ error) => { readError = error.message; });
    // An adapter gives one device: a new one comes from a new adapter.
    const newDevice = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    cloth.restore(newDevice);
    const restored = await cloth.readPositions();
    let fromRest = 0;
    for (let i = 0; i < rest.length; i++) fromRest = Math.max(fromRest, Math.abs(restored[i] - rest[i]));
    cloth.stepFixed(30);
    const moved = await cloth.readPositions();
    let drop = 0;
    for (let i = 1; i < rest.length; i += 3) drop = Math.max(drop, rest[i] - moved[i]);
    const stillLost = cloth.lost;
    cloth.dispose();
    const disposedCall = (() => { try { cloth.stepFixed(1); return 'no error'; } catch (error) { return /** @type {Error} */ (error).message; } })();
    newDevice.destroy();
    return { lost, stepsWhileLost, readError, fromRest, drop, stillLost, disposedCall, disposed: cloth.disposed };
  });
  expect(result.lost).toBe(true);
  expect(result.stepsWhileLost, 'step() and stepFixed() take no steps while the device is lost').toBe(0);
  expect(result.readError).toMatch(/^nuno: the WebGPU device is lost \(.*\); call restore\(device\) with a new device$/);
  expect(result.fromRest, 'restored at the rest shape').toBe(0);
  expect(result.drop, 'and steps again').toBeGreaterThan(0.05);
  expect(result.stillLost).toBe(false);
  expect(result.disposedCall).toBe('nuno: this cloth was disposed');
  expect(result.disposed).toBe(true);
  expect(complaints).toEqual([]);
});

test('a WebGPU step dispatches one pass per stage of the core\'s schedule (the separate stage a bucket pass per layer and one more), or one for small patches and cloths, or one a substep tiled', async ({ page }) => {
  await openHarness(page);
  const counts = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    let dispatches = 0;
    const dispatch = GPUComputePassEncoder.prototype.dispatchWorkgroups;
    GPUComputePassEncoder.prototype.dispatchWorkgroups = function counted(...args) {
      dispatches += 1;
      return dispatch.apply(this, args);
    };
    const settings = { backend: 'webgpu', substeps: 3, iterations: 2 };
    // 24 x 24: more particles than a workgroup has invocations.
    const cloth = /** @type {any} */ (nuno.createCloth(device, { ...settings, columns: 24, rows: 24 }));
    const measure = (/** @type {any} */ measured) => {
      dispatches = 0;
      measured.stepFixed(1);
      const stages = measured.substepSchedule().map((/** @type {{kind: string}} */ stage) => stage.kind);
      return { dispatches, reported: measured.dispatchesPerStep, stages: stages.length, separate: stages.filter((/** @type {string} */ kind) => kind === 'separate').length };
    };
    const plain = measure(cloth);
    // Two iterations need a halo wider than the 16 KiB of workgroup memory a default device has.
    cloth.tiledSubsteps = true;
    const haloTooWide = measure(cloth);
    cloth.set({ selfCollisionThickness: 0.05 });
    const separating = measure(cloth);
    // One iteration: a dispatch a substep, tiled, once its pipeline is made; self-collision takes the passes.
    const tiled = /** @type {any} */ (nuno.createCloth(device, { ...settings, iterations: 1, columns: 24, rows: 24 }));
    tiled.tiledSubsteps = true;
    await tiled.pipelinesMade();
    const tiledSubsteps = measure(tiled);
    tiled.set({ selfCollisionThickness: 0.05 });
    const tiledSeparating = measure(tiled);
    // 16 papers of 8 x 8 (a workgroup each), and a 16 x 16 cloth (one workgroup): one dispatch a
    // step, but an attach pass, a substep cut short and self-collision take the passes of their own.
    const papers = /** @type {any} */ (nuno.createPatches(device, { ...settings, patchesAcross: 4, patchesDown: 4, patchColumns: 8, patchRows: 8 }));
    const small = /** @type {any} */ (nuno.createCloth(device, { ...settings, columns: 16, rows: 16 }));
    // The patch step's pipeline is made asynchronously; until then the passes step.
    const firstStep = measure(papers).dispatches;
    await papers.pipelinesMade();
    await small.pipelinesMade();
    const patchStep = { firstStep, papers: measure(papers), small: measure(small) };
    papers.attach([0], [0, 1, 0]);
    const papersAttached = measure(papers);
    dispatches = 0;
    papers.stepStages(3);
    const cutShort = dispatches;
    papers.attach([], []);
    papers.set({ selfCollisionThickness: 0.01 });
    const papersSeparating = measure(papers);
    GPUComputePassEncoder.prototype.dispatchWorkgroups = dispatch;
    for (const made of [cloth, papers, small, tiled]) made.dispose();
    device.destroy();
    return { plain, haloTooWide, separating, tiledSubsteps, tiledSeparating, patchStep, papersAttached, cutShort, papersSeparating };
  });
  // 3 substeps x (predict, 2 iterations x 6 directions x 2 colours, collide).
  expect(counts.plain).toEqual({ dispatches: 3 * 26, reported: 3 * 26, stages: 26, separate: 0 });
  expect(counts.haloTooWide).toEqual(counts.plain);
  expect(counts.tiledSubsteps).toEqual({ dispatches: 3, reported: 3, stages: 14, separate: 0 });
  expect(counts.tiledSeparating).toEqual({ dispatches: 3 * 19, reported: 3 * 19, stages: 15, separate: 1 });
  // ... plus 4 bucket layers and the separate pass each substep.
  expect(counts.separating).toEqual({ dispatches: 3 * 31, reported: 3 * 31, stages: 27, separate: 1 });
  expect(counts.patchStep.firstStep, 'before its pipeline is made').toBe(3 * 26);
  expect(counts.patchStep.papers).toEqual({ dispatches: 1, reported: 1, stages: 26, separate: 0 });
  expect(counts.patchStep.small).toEqual({ dispatches: 1, reported: 1, stages: 26, separate: 0 });
  // The attach pass after each predict.
  expect(counts.papersAttached.dispatches).toBe(3 * 27);
  expect(counts.cutShort, 'predict and two constrain stages').toBe(3);
  expect(counts.papersSeparating).toEqual({ dispatches: 3 * 31, reported: 3 * 31, stages: 27, separate: 1 });
});

test('the one-dispatch patch step ends on the bits of the passes of their own (12 papers in gusts, a 16 x 16 sheet in wind, XPBD 10 x 1, 2 x 5, and 5 x 2 over a capsule, a box added at step 20, and mass-spring turned PBD at step 20; over a ball, 60 steps)', async ({ page }) => {
  const complaints = await openHarness(page);
  const sheet = { settings: { columns: 16, rows: 16, width: 0.5, height: 0.5, orientation: 'horizontal', center: [0, 1.1, 0], pins: 'top-corners', wind: [0.5, 0, 0.3] } };
  // Two iterations a substep: XPBD's multipliers carried from one to the next; a capsule under the
  // sheet too, and a turned box added after 20 steps (the patch step's pipeline is made for the
  // kinds of collider the cloth has, and made again when they change).
  const sheetIterated = {
    settings: { ...sheet.settings, substeps: 5, iterations: 2 },
    colliders: [{ type: 'capsule', start: [-0.2, 0.95, -0.15], end: [0.2, 0.95, -0.1], radius: 0.04 }],
    lateColliders: [{ type: 'box', center: [0.12, 0.97, 0.15], halfExtents: [0.06, 0.03, 0.06], rotation: [0, 0.38, 0, 0.92] }],
  };
  // Mass-spring, then PBD from step 20: each stage's solver is compiled into the pipeline.
  const sheetMassSpring = { settings: { ...sheet.settings, solver: 'mass-spring' }, lateSettings: { solver: 'pbd' } };
  // 60 stages a substep: too many to write out, the stages are looped over.
  const sheetLooped = { settings: { ...sheet.settings, substeps: 2, iterations: 5 } };
  for (const [name, scene] of Object.entries({ papers: papersInGusts, sheet, 'sheet 5 x 2': sheetIterated, 'sheet, mass-spring then PBD': sheetMassSpring, 'sheet 2 x 5': sheetLooped })) {
    const result = await page.evaluate(async (scene) => {
      const { loadNuno } = await import('/web/index.js');
      const nuno = await loadNuno();
      const device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
      const errors = /** @type {string[]} */ ([]);
      device.addEventListener('uncapturederror', (/** @type {any} */ event) => errors.push(event.error.message));
      const make = () => {
        const options = { ...scene.settings, ...scene.patches, backend: 'webgpu' };
        const cloth = /** @type {import('nuno').WebGpuCloth} */ (scene.patches ? nuno.createPatches(device, options) : nuno.createCloth(device, options));
        cloth.addCollider({ type: 'sphere', center: [0, 0.75, 0.1], radius: 0.25 });
        for (const collider of scene.colliders ?? []) cloth.addCollider(collider);
        return cloth;
      };
      // stepStages runs one substep's whole schedule by the passes of their own; a step's substeps
      // so, one after another, are the step.
      const [oneDispatch, ownPasses] = [make(), make()];
      const stages = ownPasses.substepSchedule().length;
      await oneDispatch.pipelinesMade();
      // Each cloth's dispatches counted, so the test sees which path each took.
      const dispatched = new Map([[oneDispatch, 0], [ownPasses, 0]]);
      let stepping = oneDispatch;
      const dispatch = GPUComputePassEncoder.prototype.dispatchWorkgroups;
      GPUComputePassEncoder.prototype.dispatchWorkgroups = function counted(...args) {
        dispatched.set(stepping, /** @type {number} */ (dispatched.get(stepping)) + 1);
        return dispatch.apply(this, args);
      };
      for (let step = 0; step < 60; step++) {
        if (step === 20 && (scene.lateColliders || scene.lateSettings)) {
          for (const cloth of [oneDispatch, ownPasses]) for (const collider of scene.lateColliders ?? []) cloth.addCollider(collider);
          for (const cloth of [oneDispatch, ownPasses]) if (scene.lateSettings) cloth.set(scene.lateSettings);
          // Waited for, so that every step runs the patch step.
          await oneDispatch.pipelinesMade();
        }
        stepping = oneDispatch;
        oneDispatch.stepFixed(1);
        stepping = ownPasses;
        for (let substep = 0; substep < ownPasses.settings.substeps; substep++) ownPasses.stepStages(stages);
      }
      GPUComputePassEncoder.prototype.dispatchWorkgroups = dispatch;
      const [a, b] = [await oneDispatch.readPositions(), await ownPasses.readPositions()];
      const apart = Math.max(...a.map((value, i) => Math.abs(value - b[i])));
      const moved = Math.max(...a.map((value, i) => Math.abs(value - oneDispatch.restPositions[i])));
      const dispatches = {
        oneDispatch: /** @type {number} */ (dispatched.get(oneDispatch)) / 60, ownPasses: /** @type {number} */ (dispatched.get(ownPasses)) / 60,
        stages, substeps: ownPasses.settings.substeps,
      };
      oneDispatch.dispose();
      ownPasses.dispose();
      device.destroy();
      return { apart, moved, dispatches, errors };
    }, /** @type {any} */ (scene));
    console.log(`metric: patch_step_vs_own_passes_mm = ${(result.apart * 1000).toPrecision(3)} mm (${name} over a ball, 60 steps; moved ${(result.moved * 1000).toFixed(0)} mm)`);
    expect(result.dispatches.oneDispatch, `${name}: one dispatch a step`).toBe(1);
    expect(result.dispatches.ownPasses, `${name}: the passes of their own, each substep's stages`).toBe(result.dispatches.substeps * result.dispatches.stages);
    expect(result.moved, `${name}: it moved`).toBeGreaterThan(0.05);
    expect(result.apart, name).toBe(0);
    expect(result.errors, name).toEqual([]);
  }
  expect(complaints).toEqual([]);
});

test('tiled substeps end on the bits of the passes of their own (a 32 x 32 sheet in wind over a ball, a turned box added at step 3, XPBD 10 x 1 turned PBD at step 6 and XPBD 5 x 2; 16 tiles each), one dispatch a substep', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const adapter = /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter());
    // Two iterations a substep need a wider halo than 16 KiB of workgroup memory holds.
    const device = await adapter.requestDevice({ requiredLimits: { maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize } });
    const errors = /** @type {string[]} */ ([]);
    device.addEventListener('uncapturederror', (/** @type {any} */ event) => errors.push(event.error.message));
    const sheet = { columns: 32, rows: 32, width: 1, height: 1, orientation: 'horizontal', center: [0, 1.1, 0], pins: 'top-corners', wind: [0.8, 0, 0.4] };
    const runs = [];
    // The 10 x 1 sheet goes from XPBD to PBD at step 6: the tiles' pipeline is made for the solver too.
    for (const { substeps, iterations, lateSolver } of [{ substeps: 10, iterations: 1, lateSolver: 'pbd' }, { substeps: 5, iterations: 2 }]) {
      const make = () => {
        const cloth = /** @type {import('nuno').WebGpuCloth} */ (nuno.createCloth(device, { ...sheet, substeps, iterations, backend: 'webgpu' }));
        cloth.addCollider({ type: 'sphere', center: [0.1, 0.8, 0.05], radius: 0.25 });
        return cloth;
      };
      const [tiled, ownPasses] = [make(), make()];
      // On by default on a hardware adapter only; SwiftShader (a fallback adapter) runs the passes faster.
      const byDefault = tiled.tiledSubsteps;
      tiled.tiledSubsteps = true;
      const stages = ownPasses.substepSchedule().length;
      await tiled.pipelinesMade();
      const dispatched = new Map([[tiled, 0], [ownPasses, 0]]);
      let stepping = tiled;
      const dispatch = GPUComputePassEncoder.prototype.dispatchWorkgroups;
      GPUComputePassEncoder.prototype.dispatchWorkgroups = function counted(...args) {
        dispatched.set(stepping, /** @type {number} */ (dispatched.get(stepping)) + 1);
        return dispatch.apply(this, args);
      };
      const steps = 10;
      for (let step = 0; step < steps; step++) {
        if (step === 3) {
          // The tiles' pipeline is made for the kinds of collider the cloth has, and made again when
          // they change: waited for, so that every step runs tiled.
          for (const cloth of [tiled, ownPasses]) cloth.addCollider({ type: 'box', center: [-0.25, 1.02, -0.2], halfExtents: [0.12, 0.06, 0.12], rotation: [0, 0.38, 0, 0.92] });
          await tiled.pipelinesMade();
        }
        if (step === 6 && lateSolver) {
          for (const cloth of [tiled, ownPasses]) cloth.set({ solver: lateSolver });
          await tiled.pipelinesMade();
        }
        stepping = tiled;
        tiled.stepFixed(1);
        stepping = ownPasses;
        for (let substep = 0; substep < substeps; substep++) ownPasses.stepStages(stages);
      }
      GPUComputePassEncoder.prototype.dispatchWorkgroups = dispatch;
      const [a, b] = [await tiled.readPositions(), await ownPasses.readPositions()];
      runs.push({
        substeps, iterations, stages, byDefault, fallbackAdapter: /** @type {any} */ (device).adapterInfo?.isFallbackAdapter,
        apart: Math.max(...a.map((value, i) => Math.abs(value - b[i]))),
        moved: Math.max(...a.map((value, i) => Math.abs(value - tiled.restPositions[i]))),
        dispatches: { tiled: /** @type {number} */ (dispatched.get(tiled)) / steps, ownPasses: /** @type {number} */ (dispatched.get(ownPasses)) / steps },
      });
      tiled.dispose();
      ownPasses.dispose();
    }
    const refusal = (() => {
      const cloth = /** @type {any} */ (nuno.createCloth(device, { columns: 8, rows: 8, backend: 'webgpu' }));
      try {
        cloth.tiledSubsteps = 'yes';
        return null;
      } catch (error) {
        return /** @type {Error} */ (error).message;
      } finally {
        cloth.dispose();
      }
    })();
    device.destroy();
    return { runs, refusal, errors };
  });
  for (const run of result.runs) {
    const name = `${run.substeps} x ${run.iterations}`;
    console.log(`metric: tiled_vs_own_passes_mm = ${(run.apart * 1000).toPrecision(3)} mm (${name}, 10 steps; moved ${(run.moved * 1000).toFixed(0)} mm)`);
    expect(run.fallbackAdapter, 'SwiftShader is a fallback adapter').toBe(true);
    expect(run.byDefault, `${name}: off by default on a software adapter`).toBe(false);
    expect(run.dispatches.tiled, `${name}: one dispatch a substep`).toBe(run.substeps);
    expect(run.dispatches.ownPasses, `${name}: the passes of their own`).toBe(run.substeps * run.stages);
    expect(run.moved, `${name}: it moved`).toBeGreaterThan(0.02);
    expect(run.apart, name).toBe(0);
  }
  expect(result.refusal).toBe("nuno: 'tiledSubsteps' must be true or false, got 'yes'");
  expect(result.errors).toEqual([]);
  expect(complaints).toEqual([]);
});

test("the WebGPU cloth's read-back for drawing follows the steps, its frame throttle holds, and restore() never takes the caller's device", async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const cloth = /** @type {any} */ (await nuno.requestCloth(null, { columns: 16, rows: 16, orientation: 'horizontal', pins: 'top-edge' }));
    const rest = Float32Array.from(cloth.positions);
    const apart = (/** @type {Float32Array} */ a, /** @type {Float32Array} */ b) => Math.max(...a.map((value, i) => Math.abs(value - b[i])));
    cloth.stepFixed(20);
    cloth.positions; // starts the read-back
    const exact = await cloth.readPositions();
    await cloth.device.queue.onSubmittedWorkDone();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mirrorAfterSteps = apart(cloth.positions, exact);
    const moved = apart(exact, rest);
    cloth.reset();
    const mirrorAfterReset = apart(cloth.positions, rest);
    // Frames submitted back to back: past two frames the GPU has not finished, a frame's time goes.
    const taken = [cloth.step(0.1), cloth.step(0.1), cloth.step(0.1)];
    await cloth.device.queue.onSubmittedWorkDone();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const afterTheGpuCaughtUp = cloth.step(0.1);
    // restore() onto a device of the caller's: the cloth destroys its own, never that one.
    const ownDeviceLost = cloth.device.lost.then((/** @type {GPUDeviceLostInfo} */ info) => info.reason);
    const theirs = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    let theirsLost = false;
    theirs.lost.then(() => { theirsLost = true; });
    cloth.restore(theirs);
    cloth.stepFixed(2);
    cloth.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stillUsable = theirs.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE }) !== null && !theirsLost;
    theirs.destroy();
    return { mirrorAfterSteps, moved, mirrorAfterReset, taken, afterTheGpuCaughtUp, ownDeviceLost: await ownDeviceLost, stillUsable };
  });
  expect(result.moved, 'the cloth fell').toBeGreaterThan(0.05);
  expect(result.mirrorAfterSteps, 'positions caught up with the steps').toBe(0);
  expect(result.mirrorAfterReset, 'reset shows the rest shape at once').toBe(0);
  expect(result.taken).toEqual([6, 6, 0]);
  expect(result.afterTheGpuCaughtUp).toBe(6);
  expect(result.ownDeviceLost).toBe('destroyed');
  expect(result.stillUsable, "the caller's device outlives the cloth").toBe(true);
  expect(complaints).toEqual([]);
});

test('the WebGPU cloth picks on the GPU the particle the CPU search picks, reading back 32 bytes a pick', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno, nearestParticleToRay } = await import('/web/index.js');
    const nuno = await loadNuno();
    const device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    const errors = /** @type {string[]} */ ([]);
    device.addEventListener('uncapturederror', (/** @type {any} */ event) => errors.push(event.error.message));
    // A 48 x 48 sheet draped over a ball: folds put several layers on many rays.
    const cloth = /** @type {import('nuno').WebGpuCloth} */ (nuno.createCloth(device, { backend: 'webgpu', columns: 48, rows: 48, orientation: 'horizontal', center: [0, 0.6, 0] }));
    cloth.addCollider({ type: 'sphere', center: [0, 0.2, 0], radius: 0.3 });
    cloth.stepFixed(60);
    const positions = await cloth.readPositions();
    const mappedBytes = /** @type {number[]} */ ([]);
    const mapAsync = GPUBuffer.prototype.mapAsync;
    GPUBuffer.prototype.mapAsync = function (/** @type {any[]} */ ...rest) {
      mappedBytes.push(this.size);
      return mapAsync.apply(this, /** @type {any} */ (rest));
    };
    const eye = [0.4, 1.6, 1.7];
    const reach = 0.02;
    const rays = [];
    for (let particle = 7; particle < cloth.particleCount; particle += 97) {
      rays.push([0, 1, 2].map((axis) => positions[3 * particle + axis] + 0.004 - eye[axis]));
    }
    rays.push([0, 1, 0], [0, 0, -1]); // up, past the cloth; beside it
    let same = 0;
    let hits = 0;
    const differing = [];
    for (const direction of rays) {
      const picked = await cloth.pickParticle(eye, direction, reach);
      const expected = nearestParticleToRay(positions, eye, direction, reach);
      const position = expected < 0 ? null : Array.from(positions.slice(3 * expected, 3 * expected + 3));
      if ((picked?.particle ?? -1) === expected && JSON.stringify(picked ? Array.from(picked.position) : null) === JSON.stringify(position)) same += 1;
      else differing.push({ direction, picked: picked?.particle ?? -1, expected });
      if (expected >= 0) hits += 1;
    }
    GPUBuffer.prototype.mapAsync = mapAsync;
    cloth.dispose();
    device.destroy();
    return { rays: rays.length, same, hits, differing, mappedBytes: [...new Set(mappedBytes)], maps: mappedBytes.length, errors };
  });
  console.log(`metric: webgpu_picks_as_cpu = ${result.same} of ${result.rays} rays (${result.hits} hit the cloth)`);
  expect(result.differing).toEqual([]);
  expect(result.hits, 'most rays meet the cloth').toBeGreaterThan(result.rays / 2);
  expect(result.hits, 'some miss it').toBeLessThan(result.rays);
  expect(result.maps, 'one read-back a pick').toBe(result.rays);
  expect(result.mappedBytes).toEqual([32]);
  expect(result.errors).toEqual([]);
  expect(complaints).toEqual([]);
});

test("requestCloth's 'auto' steps down to WebGL2 when the device cannot build the WebGPU passes", async ({ page }) => {
  await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    // As a browser whose WGSL compiler rejects the passes: the error comes asynchronously.
    const createShaderModule = GPUDevice.prototype.createShaderModule;
    GPUDevice.prototype.createShaderModule = function broken(/** @type {GPUShaderModuleDescriptor} */ descriptor) {
      return createShaderModule.call(this, { ...descriptor, code: `${descriptor.code}\nfn broken( {` });
    };
    try {
      const cloth = await nuno.requestCloth(canvas, { columns: 8, rows: 8 });
      const summary = { backend: cloth.backend, reason: cloth.fallbackReason };
      cloth.dispose();
      return summary;
    } finally {
      GPUDevice.prototype.createShaderModule = createShaderModule;
    }
  });
  expect(result.backend).toBe('gpu');
  expect(result.reason).toMatch(/^nuno: the WebGPU passes could not be built on this device \(Error while parsing WGSL.+\)$/s);
});

