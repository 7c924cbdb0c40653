// Mesh colliders (a signed distance field sampled trilinearly, src/mesh_field.hpp) on the GPU
// cloths in Chromium (SwiftShader here): WebGL2 and WebGPU sample the core's field with the CPU's
// operations in its order, so their cloths end on the CPU cloth's positions; the cloth stays out
// of the mesh; a mesh moved every frame moves the contact without its field uploaded again; two
// meshes share the atlas, and one removed leaves the other right; a field larger than the
// device's 3D textures is refused by name; the upload leaves the page's GL state as it was; a
// lost context or device uploads it again.
//
// Positions are held to 0.01 mm, the bound of the project's bit-for-bit twins (gpu.spec.js's
// Jacobi sweeps): SwiftShader ends on the CPU's very bits here (0 coordinates differ), where one
// rounding changed in the interpolation (a * (1 - t) + b * t) ends 6 to 43 mm away.
import { expect, test } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';

// Three cloths a test on emulated GPUs: tens of seconds on a loaded 2-core machine.
test.describe.configure({ timeout: 180_000 });

/** @param {import('@playwright/test').Page} page */
async function openHarness(page) {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  return complaints;
}

/**
 * In the page: a sheet dropped onto a mesh sphere (an icosphere, turned) on the CPU, WebGL2 and
 * WebGPU, read back every 10 steps: how deep any particle got into the mesh itself (its faces'
 * planes) and the core's clearance from the field; then how far the GPU cloths end from the CPU's.
 * @param {{ side: number, steps: number }} scene
 */
async function dropOntoSphere({ side, steps }) {
  const { loadNuno } = await import('/web/index.js');
  const { icosphere, convexDepth, toLocal, maxDeviation, differing, clothsOn } = await import('/tests/browser/mesh-scene.js');
  const nuno = await loadNuno();
  const sphere = icosphere(2, 0.35);
  const mesh = { type: 'mesh', ...sphere, center: [0.05, 0.45, 0], rotation: [0.2, 0.3, 0.1, 0.93], resolution: 24, friction: 0.5 };
  const settings = { columns: side, rows: side, width: 1.2, height: 1.2, orientation: 'horizontal', center: [0, 1, 0], pins: 'none' };
  const run = await clothsOn(nuno, settings, ['cpu', 'gpu', 'webgpu']);
  const depthOf = convexDepth(sphere);
  /** @type {Record<string, number>} */
  const deepest = {};
  /** @type {Record<string, number>} */
  const clearance = {};
  /** @type {Record<string, Float32Array>} */
  const ends = {};
  for (const [backend, cloth] of Object.entries(run.cloths)) {
    cloth.addCollider(mesh);
    deepest[backend] = -Infinity;
    clearance[backend] = Infinity;
    for (let done = 0; done < steps; done += 10) {
      cloth.stepFixed(10);
      if (backend === 'webgpu' && side === 16 && done === 0) {
        // The patch step's pipeline is made asynchronously at the first step that fits, the
        // passes stepping (to the same bits) until it is ready: wait for it, so the rest of the
        // run is on it however slowly the machine compiles.
        await cloth.pipelinesMade();
      }
      const positions = await cloth.readPositions();
      clearance[backend] = Math.min(clearance[backend], cloth.colliderClearance(positions));
      for (let i = 0; i < positions.length; i += 3) {
        deepest[backend] = Math.max(deepest[backend], depthOf(toLocal(positions.subarray(i, i + 3), mesh.center, mesh.rotation)));
      }
    }
    ends[backend] = await cloth.readPositions();
  }
  const lowest = Math.min(...Array.from({ length: ends.cpu.length / 3 }, (_, i) => ends.cpu[3 * i + 1]));
  const result = {
    deviationMm: { gpu: maxDeviation(ends.gpu, ends.cpu) * 1000, webgpu: maxDeviation(ends.webgpu, ends.cpu) * 1000 },
    differing: { gpu: differing(ends.gpu, ends.cpu), webgpu: differing(ends.webgpu, ends.cpu) },
    deepest, clearance, lowest, margin: run.cloths.cpu.settings.collisionMargin,
    dispatchesPerStep: run.cloths.webgpu.dispatchesPerStep, uploads: { gpu: run.uploads.gpu.count, webgpu: run.uploads.webgpu.count },
    glError: run.gl.getError(), webGpuErrors: run.webGpuErrors,
  };
  run.dispose();
  return result;
}

// 16 x 16 particles fit a workgroup, so WebGPU steps them as the one-dispatch patch step
// (patch-step.wgsl), which samples the field through the same group 0; 24 x 24 take the passes.
for (const side of [16, 24]) {
  test(`a cloth dropped onto a mesh sphere ends on the CPU's positions on WebGL2 and WebGPU, never inside it (${side} x ${side})`, async ({ page }) => {
    const complaints = await openHarness(page);
    const result = await page.evaluate(dropOntoSphere, { side, steps: 90 });
    for (const backend of /** @type {const} */ (['gpu', 'webgpu'])) {
      console.log(`metric: ${backend}_cpu_mesh_max_deviation_mm = ${result.deviationMm[backend].toPrecision(3)} mm ` +
        `(${result.differing[backend]} coordinates differ; ${side} x ${side} over a mesh sphere, 90 steps)`);
      console.log(`metric: ${backend}_mesh_deepest_m = ${result.deepest[backend].toFixed(5)} m into the mesh's faces, ` +
        `clearance from its field ${result.clearance[backend].toFixed(5)} m (margin ${result.margin})`);
    }
    expect(result.lowest, 'the sheet drapes down over the sphere').toBeLessThan(0.6);
    if (side === 16) expect(result.dispatchesPerStep, 'WebGPU ran the one-dispatch patch step').toBe(1);
    else expect(result.dispatchesPerStep, 'WebGPU ran the passes of their own').toBeGreaterThan(1);
    for (const backend of /** @type {const} */ (['gpu', 'webgpu'])) {
      expect.soft(result.deviationMm[backend], `${backend} ends on the CPU's positions`).toBeLessThan(0.01);
      expect.soft(result.deepest[backend], `${backend}: no particle inside the mesh's faces (let alone the margin deep)`).toBeLessThan(0);
      // The trilinear field bends inside a cell, so a particle pushed out along its gradient to the
      // margin reads up to 0.05 mm less there (on the CPU too).
      expect.soft(result.clearance[backend], `${backend}: every particle a margin off the field`).toBeGreaterThanOrEqual(result.margin - 1e-4);
      expect.soft(result.uploads[backend], `${backend} uploaded the atlas once`).toBe(1);
    }
    expect(result.glError).toBe(0);
    expect(result.webGpuErrors).toEqual([]);
    expect(complaints).toEqual([]);
  });
}

/**
 * In the page: a sheet dropped onto a sticky mesh sphere that moves 0.3 m sideways and turns by
 * updateCollider every step, on the CPU, WebGL2 and WebGPU: how far the sheet went with it, how
 * deep it got into the mesh where the mesh was then, and the 3D texture uploads.
 */
async function carryOnMovingSphere() {
  const { loadNuno } = await import('/web/index.js');
  const { icosphere, convexDepth, toLocal, maxDeviation, clothsOn } = await import('/tests/browser/mesh-scene.js');
  const nuno = await loadNuno();
  const sphere = icosphere(2, 0.35);
  const settings = { columns: 16, rows: 16, width: 1, height: 1, orientation: 'horizontal', center: [0, 0.85, 0], pins: 'none' };
  const run = await clothsOn(nuno, settings, ['cpu', 'gpu', 'webgpu']);
  const depthOf = convexDepth(sphere);
  const poseAt = (/** @type {number} */ step) => {
    const angle = 0.01 * step;
    return { center: [0.005 * step, 0.45, 0], rotation: [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)] };
  };
  /** @type {Record<string, number>} */
  const deepest = {};
  /** @type {Record<string, number>} */
  const carried = {};
  /** @type {Record<string, Float32Array>} */
  const ends = {};
  const meanX = (/** @type {Float32Array} */ positions) => positions.reduce((sum, value, i) => (i % 3 === 0 ? sum + value : sum), 0) / (positions.length / 3);
  for (const [backend, cloth] of Object.entries(run.cloths)) {
    const id = cloth.addCollider({ type: 'mesh', ...sphere, ...poseAt(0), resolution: 20, friction: 1 });
    deepest[backend] = -Infinity;
    for (let step = 1; step <= 60; step++) {
      cloth.updateCollider(id, poseAt(step));
      cloth.stepFixed(1);
      if (step % 10 !== 0) continue;
      const positions = await cloth.readPositions();
      const { center, rotation } = poseAt(step);
      for (let i = 0; i < positions.length; i += 3) deepest[backend] = Math.max(deepest[backend], depthOf(toLocal(positions.subarray(i, i + 3), center, rotation)));
    }
    ends[backend] = await cloth.readPositions();
    carried[backend] = meanX(ends[backend]) - settings.center[0];
  }
  const result = {
    deviationMm: { gpu: maxDeviation(ends.gpu, ends.cpu) * 1000, webgpu: maxDeviation(ends.webgpu, ends.cpu) * 1000 },
    deepest, carried, margin: run.cloths.cpu.settings.collisionMargin, uploads: { gpu: run.uploads.gpu.count, webgpu: run.uploads.webgpu.count },
    glError: run.gl.getError(), webGpuErrors: run.webGpuErrors,
  };
  run.dispose();
  return result;
}

test('a mesh moved and turned by updateCollider every step carries the cloth as on the CPU, its field uploaded once', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(carryOnMovingSphere);
  for (const backend of /** @type {const} */ (['gpu', 'webgpu'])) {
    console.log(`metric: ${backend}_cpu_moving_mesh_max_deviation_mm = ${result.deviationMm[backend].toPrecision(3)} mm ` +
      `(carried ${result.carried[backend].toFixed(3)} m, deepest ${result.deepest[backend].toFixed(5)} m, ${result.uploads[backend]} upload(s))`);
  }
  expect(result.carried.cpu, 'the sticky sphere, moved 0.3 m, drags the sheet along (0.11 m)').toBeGreaterThan(0.05);
  for (const backend of /** @type {const} */ (['gpu', 'webgpu'])) {
    expect.soft(result.deviationMm[backend], `${backend} ends on the CPU's positions`).toBeLessThan(0.01);
    expect.soft(result.deepest[backend], `${backend}: nowhere inside the moved mesh's faces (let alone the margin deep)`).toBeLessThan(0);
    expect.soft(result.uploads[backend], `${backend}: moving the mesh keeps its field`).toBe(1);
  }
  expect(result.glError).toBe(0);
  expect(result.webGpuErrors).toEqual([]);
  expect(complaints).toEqual([]);
});

/**
 * In the page: a wide sheet dropped over two mesh colliders side by side (a sphere, then a
 * smaller sphere at another resolution, so the atlas holds two fields of different sizes), then
 * the first removed and the sheet stepped on, on the CPU, WebGL2 and WebGPU: how far each cloth
 * ends from the CPU's, and from each mesh (a CPU cloth holding only that mesh measures it).
 */
async function twoMeshesOneRemoved() {
  const { loadNuno } = await import('/web/index.js');
  const { icosphere, maxDeviation, clothsOn } = await import('/tests/browser/mesh-scene.js');
  const nuno = await loadNuno();
  const settings = { columns: 24, rows: 12, width: 1.6, height: 0.8, orientation: 'horizontal', center: [0, 0.9, 0], pins: 'none' };
  const run = await clothsOn(nuno, settings, ['cpu', 'gpu', 'webgpu']);
  const meshes = [
    { type: 'mesh', ...icosphere(2, 0.3), center: [-0.4, 0.4, 0], rotation: [0, 0, 0, 1], resolution: 20, friction: 0.5 },
    { type: 'mesh', ...icosphere(1, 0.2), center: [0.45, 0.45, 0], rotation: [0.3, 0, 0, 0.95], resolution: 12, friction: 0.5 },
  ];
  const measures = meshes.map((mesh) => {
    const alone = nuno.createCloth(settings);
    alone.addCollider(mesh);
    return alone;
  });
  /** @type {Record<string, Float32Array[]>} */
  const phases = {};
  /** @type {Record<string, number[]>} */
  const uploads = { gpu: [], webgpu: [] };
  for (const [backend, cloth] of Object.entries(run.cloths)) {
    const ids = meshes.map((mesh) => cloth.addCollider(mesh));
    cloth.stepFixed(40);
    const both = await cloth.readPositions();
    if (backend !== 'cpu') uploads[backend].push(run.uploads[backend].count);
    cloth.removeCollider(ids[0]);
    cloth.stepFixed(40);
    phases[backend] = [both, await cloth.readPositions()];
    if (backend !== 'cpu') uploads[backend].push(run.uploads[backend].count);
  }
  const result = {
    deviationMm: Object.fromEntries(['gpu', 'webgpu'].map((backend) => [backend, phases[backend].map((positions, phase) => maxDeviation(positions, phases.cpu[phase]) * 1000)])),
    // Per backend, per phase, per mesh: the least clearance of the sheet from it.
    clearances: Object.fromEntries(Object.entries(phases).map(([backend, positions]) => [backend,
      positions.map((phase) => measures.map((alone) => alone.colliderClearance(phase)))])),
    margin: run.cloths.cpu.settings.collisionMargin, uploads, glError: run.gl.getError(), webGpuErrors: run.webGpuErrors,
  };
  measures.forEach((alone) => alone.dispose());
  run.dispose();
  return result;
}

test('two mesh colliders share the atlas on WebGL2 and WebGPU as on the CPU, and one removed leaves the other', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(twoMeshesOneRemoved);
  for (const backend of /** @type {const} */ (['gpu', 'webgpu'])) {
    console.log(`metric: ${backend}_cpu_two_meshes_max_deviation_mm = ${result.deviationMm[backend].map((mm) => mm.toPrecision(3)).join(' mm, then ')} mm ` +
      `with one removed (uploads ${result.uploads[backend].join(', then ')})`);
  }
  for (const [backend, phases] of Object.entries(result.clearances)) {
    console.log(`${backend}: clearance from the two meshes ${phases.map((phase) => phase.map((metres) => metres.toFixed(5)).join(' and ')).join(' m, then with the first removed ')} m`);
  }
  const { margin } = result;
  for (const backend of /** @type {const} */ (['cpu', 'gpu', 'webgpu'])) {
    const [[first, second], [firstGone, secondAfter]] = result.clearances[backend];
    expect(first, `${backend}: the sheet lies on the first mesh, out of it`).toBeGreaterThanOrEqual(margin - 1e-4);
    expect(first, `${backend}: the sheet lies on the first mesh`).toBeLessThan(margin + 2e-3);
    expect(second, `${backend}: and on the second, out of it`).toBeGreaterThanOrEqual(margin - 1e-4);
    expect(second, `${backend}: and on the second`).toBeLessThan(margin + 2e-3);
    expect(firstGone, `${backend}: the first removed, the sheet slides off where it was`).toBeGreaterThan(0.05);
    expect(secondAfter, `${backend}: the second still holds it out`).toBeGreaterThanOrEqual(margin - 1e-4);
  }
  for (const backend of /** @type {const} */ (['gpu', 'webgpu'])) {
    expect(result.deviationMm[backend][0], `${backend} with both meshes ends on the CPU's positions`).toBeLessThan(0.01);
    expect(result.deviationMm[backend][1], `${backend} with one removed ends on the CPU's positions`).toBeLessThan(0.01);
    expect(result.uploads[backend], `${backend}: the atlas uploaded at the first step and after the removal only`).toEqual([1, 2]);
  }
  expect(result.glError).toBe(0);
  expect(result.webGpuErrors).toEqual([]);
  expect(complaints).toEqual([]);
});

test('a mesh field larger than the device\'s 3D textures is refused by name, on WebGL2 and WebGPU, and the cloth runs on', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const { icosphere, clothsOn } = await import('/tests/browser/mesh-scene.js');
    const nuno = await loadNuno();
    const settings = { columns: 8, rows: 8, orientation: 'horizontal', center: [0, 1, 0], pins: 'none' };
    const run = await clothsOn(nuno, settings, ['gpu', 'webgpu']);
    // Devices whose 3D textures are at most 16 texels a side (real ones hold 256 or more).
    const { gl, device } = run;
    const getParameter = gl.getParameter;
    gl.getParameter = (/** @type {number} */ name) => (name === gl.MAX_3D_TEXTURE_SIZE ? 16 : getParameter.call(gl, name));
    const limits = /** @type {GPUDevice} */ (device).limits;
    Object.defineProperty(device, 'limits', {
      value: new Proxy(limits, { get: (target, key) => (key === 'maxTextureDimension3D' ? 16 : Reflect.get(target, key, target)) }),
    });
    const sphere = icosphere(1, 0.3);
    const refusalOf = (/** @type {() => void} */ call) => {
      try {
        call();
        return '';
      } catch (error) {
        return `${/** @type {Error} */ (error).name}: ${/** @type {Error} */ (error).message}`;
      }
    };
    const outcomes = Object.fromEntries(Object.entries(run.cloths).map(([backend, cloth]) => {
      const added = refusalOf(() => cloth.addCollider({ type: 'mesh', ...sphere, center: [0, 0.5, 0], resolution: 40 }));
      const colliders = cloth.colliders.length;
      // A field that fits, then built again too large: the update is refused and undone.
      const id = cloth.addCollider({ type: 'mesh', ...sphere, center: [0, 0.5, 0], resolution: 8 });
      const updated = refusalOf(() => cloth.updateCollider(id, { resolution: 40 }));
      const resolution = cloth.colliders[0].resolution;
      cloth.stepFixed(5);
      return [backend, { added, updated, colliders, resolution }];
    }));
    await Promise.all(Object.values(run.cloths).map((cloth) => cloth.readPositions()));
    const uploads = { gpu: run.uploads.gpu.count, webgpu: run.uploads.webgpu.count };
    const glError = gl.getError();
    run.dispose();
    return { outcomes, uploads, glError, webGpuErrors: run.webGpuErrors };
  });
  console.log(`refused: ${result.outcomes.gpu.added}\nrefused: ${result.outcomes.webgpu.added}`);
  const named = { gpu: /^GpuUnsupportedError: nuno: the GPU backend .* MAX_3D_TEXTURE_SIZE is 16/, webgpu: /^GpuUnsupportedError: nuno: the WebGPU backend .* maxTextureDimension3D is 16/ };
  for (const backend of /** @type {const} */ (['gpu', 'webgpu'])) {
    const outcome = result.outcomes[backend];
    expect(outcome.added, `${backend}: adding the mesh is refused by name`).toMatch(named[backend]);
    expect(outcome.colliders, `${backend}: the refused mesh is not kept`).toBe(0);
    expect(outcome.updated, `${backend}: building it again too large is refused by name`).toMatch(named[backend]);
    expect(outcome.resolution, `${backend}: the refused update is undone`).toBe(8);
  }
  expect(result.uploads, 'the small mesh\'s atlas, once each').toEqual({ gpu: 1, webgpu: 1 });
  expect(result.glError).toBe(0);
  expect(result.webGpuErrors).toEqual([]);
  expect(complaints).toEqual([]);
});

test('uploading a mesh field leaves the page\'s pixel-store settings, pixel unpack buffer and 3D texture as they were', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const { icosphere } = await import('/tests/browser/mesh-scene.js');
    const nuno = await loadNuno();
    const gl = /** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2'));
    const makeCloth = () => {
      const made = nuno.createCloth(gl, { columns: 8, rows: 8, orientation: 'horizontal', center: [0, 1, 0], pins: 'none', backend: 'gpu' });
      made.addCollider({ type: 'mesh', ...icosphere(1, 0.3), center: [0, 0.5, 0], resolution: 12 });
      return made;
    };
    // Cloths made, stepped and disposed before: each leaves its deleted atlas bound where the
    // collide pass bound it, which the next one's upload must not bind back.
    for (let earlier = 0; earlier < 2; earlier++) {
      const disposed = makeCloth();
      disposed.stepFixed(1);
      disposed.dispose();
    }
    const cloth = makeCloth();
    // The page's own: a 3D texture bound, a pixel unpack buffer, and every setting an upload reads changed.
    const texture = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_3D, texture);
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, buffer);
    gl.bufferData(gl.PIXEL_UNPACK_BUFFER, 64, gl.STATIC_DRAW);
    const settings = [[gl.UNPACK_ALIGNMENT, 8], [gl.UNPACK_ROW_LENGTH, 3], [gl.UNPACK_IMAGE_HEIGHT, 5], [gl.UNPACK_SKIP_PIXELS, 1],
      [gl.UNPACK_SKIP_ROWS, 2], [gl.UNPACK_SKIP_IMAGES, 1], [gl.UNPACK_FLIP_Y_WEBGL, true], [gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true]];
    for (const [name, value] of settings) gl.pixelStorei(/** @type {number} */ (name), /** @type {number} */ (value));
    const state = () => {
      gl.activeTexture(gl.TEXTURE0);
      return {
        settings: settings.map(([name]) => gl.getParameter(/** @type {number} */ (name))),
        unpackBuffer: gl.getParameter(gl.PIXEL_UNPACK_BUFFER_BINDING) === buffer,
        texture3d: gl.getParameter(gl.TEXTURE_BINDING_3D) === texture,
      };
    };
    const before = state();
    cloth.stepFixed(2);
    const positions = await cloth.readPositions();
    const after = state();
    cloth.dispose();
    return { before, after, finite: positions.every(Number.isFinite), glError: gl.getError() };
  });
  expect(result.before).toEqual({ settings: [8, 3, 5, 1, 2, 1, true, true], unpackBuffer: true, texture3d: true });
  expect(result.after).toEqual(result.before);
  expect(result.finite).toBe(true);
  expect(result.glError).toBe(0);
  expect(complaints).toEqual([]);
});

test('after a lost context or device, restore() uploads the mesh field again and the cloth lands on the mesh as on the CPU', async ({ page }) => {
  const complaints = await openHarness(page);
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const { icosphere, maxDeviation, countTextureUploads } = await import('/tests/browser/mesh-scene.js');
    const nuno = await loadNuno();
    const settings = { columns: 16, rows: 16, width: 1, height: 1, orientation: 'horizontal', center: [0, 1, 0], pins: 'none' };
    const mesh = { type: 'mesh', ...icosphere(2, 0.35), center: [0, 0.45, 0], rotation: [0, 0, 0, 1], resolution: 16 };
    const cpu = nuno.createCloth(settings);
    cpu.addCollider(mesh);
    cpu.stepFixed(40);
    const expected = await cpu.readPositions();
    cpu.dispose();

    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    canvas.addEventListener('webglcontextlost', (event) => event.preventDefault());
    const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
    const glUploads = countTextureUploads(gl);
    const gpu = nuno.createCloth(gl, { ...settings, backend: 'gpu', precision: 'float' });
    gpu.addCollider(mesh);
    gpu.stepFixed(10);
    const loseContext = /** @type {WEBGL_lose_context} */ (gl.getExtension('WEBGL_lose_context'));
    const event = (/** @type {string} */ name) => new Promise((resolve) => canvas.addEventListener(name, resolve, { once: true }));
    const lost = event('webglcontextlost');
    loseContext.loseContext();
    await lost;
    // Chromium allows restoring only once the lost event has been handled, in a later task.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const restored = event('webglcontextrestored');
    loseContext.restoreContext();
    await restored;
    gpu.restore();
    gpu.stepFixed(40);
    const gpuEnd = await gpu.readPositions();
    gpu.dispose();

    const device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    const webgpu = nuno.createCloth(device, { ...settings, backend: 'webgpu' });
    webgpu.addCollider(mesh);
    webgpu.stepFixed(10);
    device.destroy();
    await device.lost;
    const newDevice = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    const webGpuErrors = /** @type {string[]} */ ([]);
    newDevice.addEventListener('uncapturederror', (/** @type {any} */ error) => webGpuErrors.push(error.error.message));
    const newDeviceUploads = countTextureUploads(newDevice);
    webgpu.restore(newDevice);
    webgpu.stepFixed(40);
    const webgpuEnd = await webgpu.readPositions();
    webgpu.dispose();
    newDevice.destroy();
    let lowest = Infinity;
    for (let i = 1; i < expected.length; i += 3) lowest = Math.min(lowest, expected[i]);
    return {
      deviationMm: { gpu: maxDeviation(gpuEnd, expected) * 1000, webgpu: maxDeviation(webgpuEnd, expected) * 1000 },
      uploads: { gpu: glUploads.count, webgpu: newDeviceUploads.count }, lowest, glError: gl.getError(), webGpuErrors,
    };
  });
  console.log(`metric: restored_mesh_max_deviation_mm = ${result.deviationMm.gpu.toPrecision(3)} mm (WebGL2), ${result.deviationMm.webgpu.toPrecision(3)} mm (WebGPU)`);
  expect(result.lowest, 'the sheet drapes over the sphere').toBeLessThan(0.7);
  expect(result.uploads, 'WebGL2: before the loss and after; WebGPU: once on the new device').toEqual({ gpu: 2, webgpu: 1 });
  expect(result.deviationMm.gpu).toBeLessThan(0.01);
  expect(result.deviationMm.webgpu).toBeLessThan(0.01);
  expect(result.glError).toBe(0);
  expect(result.webGpuErrors).toEqual([]);
  expect(complaints.filter((text) => !text.includes('CONTEXT_LOST'))).toEqual([]);
});
