// ClothRenderer (WebGL2) and WebGpuClothRenderer (WebGPU) draw a mesh collider as they draw the
// other solids: a UV sphere mesh with every other triangle turned over (mixed winding, repeated
// seam and pole vertices) must cover the pixels a sphere collider of its radius covers, lit the
// same; moved by updateCollider, its pixels move; and its triangles are uploaded once, not every
// frame. The WebGPU canvas needs Vulkan compositing (chromium-flags.js).
import { expect, test } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';
import { metric } from '../node/metric.js';
import { webGpuCanvasLaunchOptions } from './chromium-flags.js';

test.use({ launchOptions: webGpuCanvasLaunchOptions });

/**
 * In the page: a sphere collider drawn alone, then the mesh sphere in its place, then the mesh
 * moved 0.5 m along +x, with the renderer named; pixels compared and uploads counted.
 * @param {'webgl2' | 'webgpu'} renderer
 */
async function drawMeshCollider(renderer) {
  const { loadNuno, ClothRenderer, WebGpuClothRenderer } = await import('/web/index.js');
  const { sphereMesh } = await import('/web/demo/mesh-shapes.js');
  const nuno = await loadNuno();
  const [width, height] = [320, 240];
  const radius = 0.4;
  const center = [0, 0.5, 0];
  const mesh = sphereMesh(radius, 96, 48);
  for (let t = 0; t < mesh.indices.length; t += 6) [mesh.indices[t + 1], mesh.indices[t + 2]] = [mesh.indices[t + 2], mesh.indices[t + 1]];
  // A small cloth behind the camera: the renderer needs one, the pictures show none of it.
  const cloth = nuno.createCloth({ columns: 2, rows: 2, width: 0.1, height: 0.1, orientation: 'horizontal', center: [0, 0.5, 10] });
  const description = { type: /** @type {const} */ ('mesh'), vertices: mesh.vertices, indices: mesh.indices, center, rotation: /** @type {[number, number, number, number]} */ ([0, 0, 0, 1]) };
  const id = cloth.addCollider(description);
  // The camera 3 m in front of the centre, looking at it; 45 degrees high.
  const camera = {
    viewMatrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.5, -3, 1]),
    projectionMatrix: new Float32Array([1.81 * height / width, 0, 0, 0, 0, 1.81, 0, 0, 0, 0, -1.02, -1, 0, 0, -0.2, 0]),
  };
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  /** @type {{ setColliders(colliders: any[]): void, render(camera: any): void, dispose(): void }} */
  let drawer;
  /** @type {() => Uint8ClampedArray | Uint8Array} top row first */
  let read;
  /** Bytes of each upload (bufferData, writeBuffer) while the frames are drawn. */
  const uploads = /** @type {number[]} */ ([]);
  /** @type {string[]} */
  const gpuErrors = [];
  /** @type {GPUDevice | undefined} */
  let device;
  if (renderer === 'webgl2') {
    const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2', { preserveDrawingBuffer: true }));
    const { bufferData } = gl;
    gl.bufferData = /** @type {any} */ (function (/** @type {any[]} */ ...rest) {
      if (typeof rest[1] === 'object') uploads.push(rest[1].byteLength);
      return /** @type {any} */ (bufferData).apply(gl, rest);
    });
    drawer = new ClothRenderer(gl, cloth, { debug: true });
    read = () => {
      const pixels = new Uint8Array(4 * width * height);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      // readPixels' rows run bottom up.
      const flipped = new Uint8Array(pixels.length);
      for (let y = 0; y < height; y++) flipped.set(pixels.subarray(4 * width * (height - 1 - y), 4 * width * (height - y)), 4 * width * y);
      return flipped;
    };
  } else {
    device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    device.addEventListener('uncapturederror', (event) => gpuErrors.push(/** @type {GPUUncapturedErrorEvent} */ (event).error.message));
    const queue = device.queue;
    const { writeBuffer } = queue;
    queue.writeBuffer = /** @type {any} */ (function (/** @type {any[]} */ ...rest) {
      uploads.push(rest[2].byteLength);
      return /** @type {any} */ (writeBuffer).apply(queue, rest);
    });
    drawer = new WebGpuClothRenderer(/** @type {GPUCanvasContext} */ (canvas.getContext('webgpu')), cloth, { device });
    const copy = /** @type {CanvasRenderingContext2D} */ (Object.assign(document.createElement('canvas'), { width, height }).getContext('2d', { willReadFrequently: true }));
    // Read straight after drawing: a WebGPU canvas shows nothing more once its frame is presented.
    read = () => {
      copy.drawImage(canvas, 0, 0);
      return copy.getImageData(0, 0, width, height).data;
    };
  }
  /** @param {any[]} colliders */
  const draw = (colliders) => {
    drawer.setColliders(colliders);
    drawer.render(camera);
    return read();
  };

  const sphere = draw([{ type: 'sphere', center, radius }]);
  uploads.length = 0;
  const frames = [draw([description]), draw([description]), draw([description])];
  const movedCenter = [0.5, 0.5, 0];
  cloth.updateCollider(id, { center: /** @type {[number, number, number]} */ (movedCenter) });
  const moved = { ...description, center: movedCenter };
  frames.push(draw([moved]), draw([moved]));

  const background = [0.1, 0.12, 0.16].map((channel) => Math.round(channel * 255));
  /** @param {Uint8ClampedArray | Uint8Array} pixels */
  const solid = (pixels) => {
    let [count, sumX, sumLight] = [0, 0, 0];
    for (let i = 0; i < width * height; i++) {
      if (Math.max(...[0, 1, 2].map((k) => Math.abs(pixels[4 * i + k] - background[k]))) <= 24) continue;
      count += 1;
      sumX += i % width;
      sumLight += pixels[4 * i + 1];
    }
    return { count, meanX: sumX / count, meanGreen: sumLight / count };
  };
  let differing = 0;
  for (let i = 0; i < width * height; i++) {
    if (Math.max(...[0, 1, 2].map((k) => Math.abs(frames[0][4 * i + k] - sphere[4 * i + k]))) > 24) differing += 1;
  }
  drawer.dispose();
  cloth.dispose();
  if (device) {
    await device.queue.onSubmittedWorkDone();
    device.destroy();
  }
  return {
    sphere: solid(sphere), mesh: solid(frames[0]), moved: solid(frames[4]), differing, uploads, gpuErrors,
    meshBytes: { positions: mesh.vertices.byteLength, indices: mesh.indices.byteLength },
  };
}

for (const renderer of /** @type {const} */ (['webgl2', 'webgpu'])) {
  test(`${renderer === 'webgl2' ? 'ClothRenderer' : 'WebGpuClothRenderer'} draws a mesh collider as a solid, moves it, and uploads its triangles once`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto('/tests/browser/harness.html');
    const result = await page.evaluate(drawMeshCollider, renderer);
    metric('mesh_collider_pixels', result.mesh.count, 'px', `${renderer}; the sphere collider ${result.sphere.count} px, of 76800`);
    metric('mesh_collider_differing_pixels', result.differing, 'px', `${renderer}, from the sphere collider's picture`);
    metric('mesh_collider_moved_pixels', (result.moved.meanX - result.mesh.meanX).toFixed(1), 'px', `${renderer}, 0.5 m to the right`);
    const meshUploads = result.uploads.filter((bytes) => bytes === result.meshBytes.positions || bytes === result.meshBytes.indices);
    metric('mesh_collider_uploads', meshUploads.length, 'buffers', `${renderer}, over 5 frames`);

    expect(result.sphere.count, 'the sphere collider on screen').toBeGreaterThan(1800);
    // The mesh is the sphere to under a pixel, lit by the same shader: rims and facets only.
    expect(result.mesh.count, 'the mesh covers what the sphere covers').toBeGreaterThan(0.97 * result.sphere.count);
    expect(result.mesh.count).toBeLessThan(1.03 * result.sphere.count);
    expect(result.differing, 'the mesh is shaded as the sphere is').toBeLessThan(0.03 * result.sphere.count);
    expect(Math.abs(result.mesh.meanGreen - result.sphere.meanGreen)).toBeLessThan(3);
    // 0.5 m at 3 m with a focal length of 1.81 half-heights (120 px): 36 px.
    expect(result.moved.count).toBeGreaterThan(0.97 * result.sphere.count);
    expect(result.moved.meanX - result.mesh.meanX, 'the drawn mesh moved right').toBeGreaterThan(33);
    expect(result.moved.meanX - result.mesh.meanX).toBeLessThan(39);
    // Positions, normals (the same size) and indices, once.
    expect(meshUploads, 'the triangles uploaded once').toEqual(expect.arrayContaining([result.meshBytes.positions, result.meshBytes.indices]));
    expect(meshUploads.length).toBe(3);
    expect(result.gpuErrors).toEqual([]);
    expect(complaints).toEqual([]);
  });
}
