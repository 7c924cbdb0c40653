// nuno/three/webgpu in Chromium: ClothMesh draws the WebGPU cloth (its own position buffer, on
// three's device) and the CPU cloth in the three.js scene of three.spec.js drawn by three's
// WebGPURenderer (tests/browser/three-scene.js): textured, lit, shadowed, and the control
// objects exactly as drawn without the cloth. The example app's WebGPU run is the consumer test's.
import { expect, test } from '@playwright/test';
import { expectClothSceneDrawn } from '../engines/checks.js';
import { collectComplaints } from '../engines/playwright-driver.js';
import { webGpuCanvasLaunchOptions } from './chromium-flags.js';
import { expectCornerDragged, expectPapersAsOnCpu, expectSheetOnKnot } from './three-checks.js';

test.use({ launchOptions: webGpuCanvasLaunchOptions });
test.describe.configure({ timeout: 120_000 });


for (const { label, backend } of [{ label: 'WebGPU', backend: 'webgpu' }, { label: 'CPU', backend: 'cpu' }]) {
  test(`a nuno/three/webgpu ClothMesh draws the ${label} cloth textured, lit and shadowed among three objects it leaves alone`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto('/tests/browser/three.html');
    const result = await page.evaluate(async (options) => {
      return /** @type {any} */ (window).nunoThreeScene.measureClothScene(options);
    }, { backend, renderer: 'webgpu', frames: 30 });
    expectClothSceneDrawn(result, `chromium, WebGPURenderer, ${label}`, backend);
    expect(complaints).toEqual([]);
  });
}

test('a nuno/three/webgpu ClothMesh refuses what it cannot draw by name, converts a classic material, reads back for three\'s Raycaster, and leaves the cloth whole when disposed', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/three.html');
  const result = await page.evaluate(async () => {
    const THREE = await import('three/webgpu');
    const { loadNuno } = await import('/web/index.js');
    const { ClothMesh, webGpuDeviceOf } = await import('/web/three/webgpu.js');
    const nuno = await loadNuno();
    const renderer = new THREE.WebGPURenderer({ canvas: /** @type {HTMLCanvasElement} */ (document.getElementById('view')) });
    await renderer.init();
    const device = webGpuDeviceOf(renderer);
    /** @type {string[]} */
    const gpuErrors = [];
    device.addEventListener('uncapturederror', (event) => gpuErrors.push(/** @type {GPUUncapturedErrorEvent} */ (event).error.message));
    const errorOf = (/** @type {() => unknown} */ action) => {
      try {
        action();
        return '(accepted)';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    // Level, held by two corners: it falls while stepped.
    const settings = {
      columns: 8, rows: 8, center: /** @type {[number, number, number]} */ ([0, 1, 0]),
      orientation: /** @type {'horizontal'} */ ('horizontal'), pins: /** @type {'top-corners'} */ ('top-corners'),
    };
    const otherDevice = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    const elsewhere = nuno.createCloth(otherDevice, { ...settings, backend: 'webgpu' });
    const onWebGl = nuno.createCloth(/** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2')), { ...settings, backend: 'gpu' });
    const cloth = nuno.createCloth(device, { ...settings, backend: 'webgpu' });
    const onWebGl2 = new THREE.WebGPURenderer({ forceWebGL: true });
    await onWebGl2.init();
    const errors = {
      uninitialized: errorOf(() => webGpuDeviceOf(new THREE.WebGPURenderer())),
      fellBackToWebGl2: errorOf(() => webGpuDeviceOf(onWebGl2)),
      notARenderer: errorOf(() => webGpuDeviceOf(/** @type {any} */ ({}))),
      unconvertible: errorOf(() => new ClothMesh(cloth, { renderer, material: new THREE.ShaderMaterial() })),
      webgl2: errorOf(() => new ClothMesh(onWebGl)),
      noRenderer: errorOf(() => new ClothMesh(cloth)),
      otherDevice: errorOf(() => new ClothMesh(elsewhere, { renderer })),
    };
    // A classic material is drawn through a node material copy the mesh owns; the given one stays as it was.
    const classic = new THREE.MeshStandardMaterial({ color: 0x2040ff });
    const mesh = new ClothMesh(cloth, { renderer, material: classic, readBack: true });
    const copy = /** @type {any} */ (mesh.material);
    const converted = { isNodeMaterial: copy.isNodeMaterial === true, drawsTheCloth: copy.positionNode !== null,
      ownUuid: copy.uuid !== classic.uuid, classicUntouched: classic.version === 0 };
    const shared = new THREE.MeshStandardNodeMaterial();
    const first = new ClothMesh(cloth, { renderer, material: shared });
    errors.reused = errorOf(() => new ClothMesh(cloth, { renderer, material: shared }));
    first.dispose();
    const scene = new THREE.Scene().add(mesh, new THREE.AmbientLight(0xffffff, 1));
    const camera = new THREE.PerspectiveCamera(45, 4 / 3, 0.1, 10);
    camera.position.set(0, 1, 2);
    const culledAtFirst = mesh.frustumCulled;
    for (let i = 0; i < 5; i++) {
      mesh.step(1 / 60);
      renderer.render(scene, camera);
      await device.queue.onSubmittedWorkDone();
      await new Promise(requestAnimationFrame);
    }
    // readBack: the positions read back into the geometry, so three culls and raycasts the cloth.
    const straightDown = new THREE.Raycaster(new THREE.Vector3(0.1, 3, 0.1), new THREE.Vector3(0, -1, 0));
    const readBack = { culledAtFirst, culled: mesh.frustumCulled, hits: straightDown.intersectObject(mesh).length };
    // three frees an attribute's buffer with the mesh: the cloth's own must outlive it.
    mesh.dispose();
    const before = await cloth.readPositions();
    for (let i = 0; i < 5; i++) {
      cloth.step(1 / 60);
      await device.queue.onSubmittedWorkDone();
    }
    const after = await cloth.readPositions();
    const fell = before[3 * 60 + 1] - after[3 * 60 + 1];
    const sharedPositionNode = shared.positionNode;
    for (const c of [elsewhere, onWebGl, cloth]) c.dispose();
    otherDevice.destroy();
    renderer.dispose();
    onWebGl2.dispose();
    return { errors, converted, sharedPositionNode, fell, readBack, gpuErrors };
  });
  expect(result.errors.uninitialized).toBe('nuno/three: the WebGPURenderer has no device yet: await renderer.init() first');
  expect(result.errors.webgl2).toMatch(/^nuno\/three: a WebGL2 cloth is drawn by WebGLRenderer: use ClothMesh from 'nuno\/three'/);
  expect(result.errors.noRenderer).toMatch(/a WebGPU cloth needs \{ renderer \}/);
  expect(result.errors.otherDevice).toMatch(/made on another device than the renderer's/);
  expect(result.errors.reused).toMatch(/^nuno\/three: this material already draws another GPU cloth with WebGPURenderer/);
  expect(result.errors.fellBackToWebGl2).toMatch(/^nuno\/three: this WebGPURenderer draws with WebGL2/);
  expect(result.errors.notARenderer).toBe('nuno/three: webGpuDeviceOf() takes a WebGPURenderer (three/webgpu)');
  expect(result.errors.unconvertible).toBe('nuno/three: a WebGPU cloth is drawn with a node material or one three converts to one; got a ShaderMaterial');
  expect(result.converted, 'a classic material drawn through a node material copy of its own').toEqual({ isNodeMaterial: true, drawsTheCloth: true, ownUuid: true, classicUntouched: true });
  expect(result.readBack, 'with readBack the mesh is culled with bounds and hit by three\'s Raycaster').toEqual({ culledAtFirst: false, culled: true, hits: 1 });
  expect(result.sharedPositionNode, 'a disposed mesh gives its material back').toBe(null);
  expect(result.fell, 'the cloth steps on after its mesh is gone (m)').toBeGreaterThan(0.001);
  expect(result.gpuErrors).toEqual([]);
  expect(complaints).toEqual([]);
});

test('a nuno/three/webgpu ClothMesh draws a WebGPU sea of papers as it draws the same papers on the CPU', async ({ page }) => {
  await expectPapersAsOnCpu(page, 'webgpu', 'chromium, WebGPURenderer, WebGPU');
});

test('a ClothDragger grabs the WebGPU cloth\'s corner under the pointer, drags it and lets it go', async ({ page }) => {
  await expectCornerDragged(page, 'webgpu', 'webgpu');
});

test('a nuno/three/webgpu ClothMesh drops the WebGPU cloth onto a torus knot mesh that holds it up as it moves, turns and grows', async ({ page }) => {
  await expectSheetOnKnot(page, 'webgpu', 'webgpu');
});

test('a three that makes its own buffer for the cloth\'s positions is caught by name, not drawn frozen', async ({ page }) => {
  // three 0.187 as a release that ignored the buffer handed over would run: it makes its own.
  await page.route('**/node_modules/three/build/three.webgpu.js', async (route) => {
    const source = await (await route.fetch()).text();
    await route.fulfill({ contentType: 'text/javascript', body: source.replace('let buffer = bufferData.buffer;', 'let buffer;') });
  });
  await page.goto('/tests/browser/three.html');
  const message = await page.evaluate(async () => {
    const THREE = await import('three/webgpu');
    const { loadNuno } = await import('nuno');
    const { ClothMesh, webGpuDeviceOf } = await import('nuno/three/webgpu');
    const nuno = await loadNuno();
    const renderer = new THREE.WebGPURenderer({ canvas: /** @type {HTMLCanvasElement} */ (document.getElementById('view')) });
    await renderer.init();
    const cloth = nuno.createCloth(webGpuDeviceOf(renderer), { columns: 8, rows: 8, backend: 'webgpu' });
    const mesh = new ClothMesh(cloth, { renderer });
    const camera = new THREE.PerspectiveCamera();
    camera.position.set(0, 0, 3);
    renderer.render(new THREE.Scene().add(mesh), camera);
    try {
      mesh.step(1 / 60);
      return '(accepted)';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      mesh.dispose();
      cloth.dispose();
      renderer.dispose();
    }
  });
  expect(message).toBe("nuno/three: this three (0.187) did not take the WebGPU cloth's position buffer; nuno/three/webgpu hands it over as three 0.187 allows");
});
