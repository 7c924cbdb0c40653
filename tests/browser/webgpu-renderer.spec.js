// WebGpuClothRenderer in Chromium (with Vulkan compositing: a WebGPU canvas loses its device
// without it, tests/browser/chromium-flags.js): the WebGPU cloth drawn on its own device from its
// own position buffer, beside the same scene drawn by the WebGL2 ClothRenderer from the CPU
// cloth: a sheet draped over a ball on a floor, then a sea of tinted papers, and the wireframe.
// The two renderers' shaders are one design in two languages: the pictures must agree.
import { expect, test } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';
import { webGpuCanvasLaunchOptions } from './chromium-flags.js';

test.use({ launchOptions: webGpuCanvasLaunchOptions });

/**
 * In the page: steps a CPU and a WebGPU cloth alike, draws the first with ClothRenderer on a
 * WebGL2 canvas and the second with WebGpuClothRenderer on a WebGPU canvas, and compares.
 * @param {{ patches: boolean, wireframe: boolean }} options
 */
async function drawBoth({ patches, wireframe }) {
  const { loadNuno, ClothRenderer, WebGpuClothRenderer } = await import('/web/index.js');
  const nuno = await loadNuno();
  const adapter = /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter());
  const device = await adapter.requestDevice();
  /** @type {string[]} */
  const gpuErrors = [];
  device.addEventListener('uncapturederror', (event) => gpuErrors.push(/** @type {GPUUncapturedErrorEvent} */ (event).error.message));
  const colliders = /** @type {import('/web/index.js').ColliderDescription[]} */ ([
    { type: 'plane', point: [0, 0, 0], normal: [0, 1, 0] },
    { type: 'sphere', center: [0, 0.35, 0], radius: 0.35 },
    { type: 'capsule', start: [-0.9, 0.2, -0.4], end: [-0.5, 0.2, 0.3], radius: 0.12 },
    { type: 'box', center: [0.8, 0.15, 0.2], halfExtents: [0.15, 0.15, 0.25], rotation: [0, 0.38, 0, 0.92] },
  ]);
  const settings = patches
    ? {
      patchesAcross: 4, patchesDown: 4, patchColumns: 6, patchRows: 6, patchWidth: 0.3, patchHeight: 0.3, seed: 3,
      scatterCenter: /** @type {[number, number, number]} */ ([0, 1.1, 0]), scatterExtent: /** @type {[number, number, number]} */ ([1.4, 0.5, 1.0]),
    }
    : { columns: 24, rows: 24, width: 1.2, height: 1.2, orientation: /** @type {'horizontal'} */ ('horizontal'), center: /** @type {[number, number, number]} */ ([0, 1.0, 0]) };
  const make = (/** @type {any[]} */ ...args) => (patches ? nuno.createPatches(...args) : nuno.createCloth(...args));
  const onCpu = make(settings);
  const onGpu = make(device, { ...settings, backend: 'webgpu' });
  for (const cloth of [onCpu, onGpu]) {
    for (const collider of colliders) cloth.addCollider(collider);
    cloth.stepFixed(30);
  }
  await onGpu.readPositions();
  const camera = {
    viewMatrix: new Float32Array([1, 0, 0, 0, 0, 0.94, 0.34, 0, 0, -0.34, 0.94, 0, 0, -0.5, -3, 1]),
    projectionMatrix: new Float32Array([1.8, 0, 0, 0, 0, 2.4, 0, 0, 0, 0, -1.02, -1, 0, 0, -0.2, 0]),
  };
  const canvasOf = () => Object.assign(document.createElement('canvas'), { width: 320, height: 240 });
  const glCanvas = canvasOf();
  const gl = /** @type {WebGL2RenderingContext} */ (glCanvas.getContext('webgl2', { preserveDrawingBuffer: true }));
  const webGl2 = new ClothRenderer(gl, onCpu, { wireframe, debug: true });
  webGl2.setColliders(colliders);
  webGl2.render(camera);
  const glPixels = new Uint8Array(4 * 320 * 240);
  gl.readPixels(0, 0, 320, 240, gl.RGBA, gl.UNSIGNED_BYTE, glPixels);

  const gpuCanvas = canvasOf();
  const webGpu = new WebGpuClothRenderer(/** @type {GPUCanvasContext} */ (gpuCanvas.getContext('webgpu')), onGpu, { wireframe });
  webGpu.setColliders(colliders);
  webGpu.render(camera);
  // Read straight after drawing: a WebGPU canvas shows nothing more once its frame is presented.
  const copy = /** @type {CanvasRenderingContext2D} */ (canvasOf().getContext('2d'));
  copy.drawImage(gpuCanvas, 0, 0);
  const gpuPixels = copy.getImageData(0, 0, 320, 240).data;

  // readPixels' rows run bottom up, the 2D canvas's top down.
  let [differing, clothLike, clothLikeGl] = [0, 0, 0];
  for (let y = 0; y < 240; y++) {
    for (let x = 0; x < 320; x++) {
      const a = 4 * ((239 - y) * 320 + x);
      const b = 4 * (y * 320 + x);
      const difference = Math.max(...[0, 1, 2].map((k) => Math.abs(glPixels[a + k] - gpuPixels[b + k])));
      if (difference > 24) differing += 1;
      // The cloth's default colour and its patch tints are warm: red above blue.
      if (gpuPixels[b] > gpuPixels[b + 2] + 40) clothLike += 1;
      if (glPixels[a] > glPixels[a + 2] + 40) clothLikeGl += 1;
    }
  }
  webGl2.dispose();
  webGpu.dispose();
  onCpu.dispose();
  onGpu.dispose();
  await device.queue.onSubmittedWorkDone();
  device.destroy();
  return { differing, clothLike, clothLikeGl, gpuErrors };
}

for (const { label, patches, wireframe, drawn } of [
  { label: 'a sheet draped over a ball, among colliders', patches: false, wireframe: false, drawn: 5000 },
  { label: 'a sea of tinted papers', patches: true, wireframe: false, drawn: 2000 },
  { label: 'the sheet as a wireframe', patches: false, wireframe: true, drawn: 2000 },
]) {
  test(`WebGpuClothRenderer draws ${label} as ClothRenderer draws it`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto('/tests/browser/harness.html');
    const result = await page.evaluate(drawBoth, { patches, wireframe });
    console.log(`metric: webgpu_renderer_differing_pixels = ${result.differing} px (${label}; of 76800, cloth ${result.clothLike} px, ` +
      `${result.clothLikeGl} with WebGL2)`);
    expect(result.clothLike, 'the cloth on screen').toBeGreaterThan(drawn);
    if (wireframe) {
      // One-pixel lines fall on other pixels under another rasteriser: compare how much they cover.
      expect(Math.abs(result.clothLike - result.clothLikeGl), 'the lines cover what ClothRenderer\'s do').toBeLessThan(0.15 * result.clothLikeGl);
    } else {
      // Rasterisers differ at a triangle's rim: small papers are much rim (measured 14 % of
      // their pixels; the sheet 4 %). Normals that run on across the papers' edges: 43 %.
      expect(result.differing, 'the picture ClothRenderer draws').toBeLessThan(0.2 * result.clothLikeGl);
    }
    expect(result.gpuErrors).toEqual([]);
    expect(complaints).toEqual([]);
  });
}

test('WebGpuClothRenderer refuses what it cannot draw by name, and a frame after dispose()', async ({ page }) => {
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const { loadNuno, WebGpuClothRenderer } = await import('/web/index.js');
    const nuno = await loadNuno();
    const device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    const context = /** @type {GPUCanvasContext} */ (document.createElement('canvas').getContext('webgpu'));
    const errorOf = (/** @type {() => unknown} */ action) => {
      try {
        action();
        return '(accepted)';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    const onCpu = nuno.createCloth({ columns: 8, rows: 8 });
    const onWebGl = nuno.createCloth(/** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2')), { columns: 8, rows: 8, backend: 'gpu' });
    const errors = {
      noContext: errorOf(() => new WebGpuClothRenderer(/** @type {any} */ (null), onCpu, { device })),
      webgl2: errorOf(() => new WebGpuClothRenderer(context, /** @type {any} */ (onWebGl), { device })),
      noDevice: errorOf(() => new WebGpuClothRenderer(context, /** @type {any} */ (onCpu))),
    };
    // dispose() leaves the cloth and its device alone; a frame after it is refused by name.
    const renderer = new WebGpuClothRenderer(context, onCpu, { device });
    const camera = { viewMatrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -3, 1]), projectionMatrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, -1, 0, 0, -0.2, 0]) };
    renderer.render(camera);
    renderer.dispose();
    const afterDispose = errorOf(() => renderer.render(camera));
    onCpu.stepFixed(1);
    const deviceLost = await Promise.race([device.lost.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 100))]);
    onWebGl.dispose();
    onCpu.dispose();
    device.destroy();
    return { errors, afterDispose, deviceLost };
  });
  expect(result.errors.noContext).toBe("nuno: WebGpuClothRenderer needs a WebGPU canvas context (canvas.getContext('webgpu'))");
  expect(result.errors.webgl2).toBe("nuno: WebGpuClothRenderer draws a WebGPU or CPU cloth; a 'gpu' cloth is drawn by ClothRenderer");
  expect(result.errors.noDevice).toBe('nuno: WebGpuClothRenderer needs { device } to draw a CPU cloth with');
  expect(result.deviceLost, 'the device stays the caller\'s').toBe(false);
  expect(result.afterDispose).toBe('nuno: this WebGpuClothRenderer was disposed');
});
