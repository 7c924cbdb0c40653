// The demo's pile (tests/native/pile_scene.hpp, in JS) dropped on a GPU cloth in a page, with the
// cloth's crossings through itself (selfCrossings, on positions read back) every quarter second:
// for the browser test (self-collision.spec.js), the hardware tier's pile check
// (tests/hardware/hardware.js) and the figures of docs/model.md (tests/bench/gpu-pile-crossings.mjs). Also the fold pulled through itself
// (tests/engines/scenes.js) freeing itself on a GPU cloth.

/**
 * A 1.4 m sheet of side x side particles in three pleats 8 cm deep, stood on its edge with its
 * middle 1.9 m up; XPBD with the demo's compliances, 10 substeps x 1 iteration.
 * @param {number} side
 * @param {number} [thickness] self-collision's, metres: one grid spacing if absent
 * @returns {import('../../web/index.js').ClothSettings & { positions: number[] }}
 */
export function pileSettings(side, thickness = 1.4 / (side - 1)) {
  const width = 1.4;
  const positions = [];
  for (let row = 0; row < side; row++) {
    for (let column = 0; column < side; column++) {
      const across = column / (side - 1);
      const down = row / (side - 1);
      positions.push((across - 0.5) * width, 1.9 + (0.5 - down) * width, 0.5 * 0.08 * Math.sin(2 * Math.PI * 3 * across));
    }
  }
  return {
    columns: side, rows: side, width, height: width, pins: 'none', positions,
    structural: { compliance: 1e-6 }, shear: { compliance: 1e-4 }, bending: { compliance: 1e-2 },
    selfCollisionThickness: thickness,
  };
}

/**
 * A pile by the name the reports give it: '48' is 48 x 48 one spacing thick, '64h' 64 x 64 half
 * a spacing thick (to a tenth of a millimetre: 11.1 mm, docs/model.md's figures).
 * @param {string} name
 */
export function namedPileSettings(name) {
  const match = /^([1-9][0-9]*)(h?)$/.exec(name);
  if (!match) throw new Error(`a pile is named by its side, with 'h' for half a spacing thick (48, 64h): got '${name}'`);
  const side = Number(match[1]);
  const halfSpacingMm = Math.round((1.4 / (side - 1) / 2) * 1e4) / 10;
  return pileSettings(side, match[2] ? halfSpacingMm / 1000 : undefined);
}

/**
 * In the page (it stands alone): drops the pile onto a floor (friction 0.8) on `backend` and
 * counts its crossings every 15 steps. Each step waits for the GPU to finish, as a page whose GPU
 * keeps up with its frames does: the approach speed a step reads back then reaches the next.
 * At the end it also counts the pairs closer than half a grid spacing that were farther than a
 * spacing apart at rest (`selfIntersections` at one spacing): layers pressed into each other
 * without crossing; and the pile's clearance over the floor (`colliderClearance`, metres).
 * @param {{ settings: ReturnType<typeof pileSettings>, backend: 'gpu' | 'webgpu', quarters: number }} scene
 * @returns {Promise<{ crossings: number[], closePairs: number, floorClearance: number, seconds: number, glError: number, webGpuErrors: string[] }>}
 */
export async function pageDropPile({ settings, backend, quarters }) {
  const { loadNuno } = await import('/web/index.js');
  const nuno = await loadNuno();
  // No document where the hardware tier runs it in Node (tests/hardware/dawn.mjs): WebGPU only.
  const gl = backend === 'gpu' ? /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2')) : null;
  const device = backend === 'webgpu' ? await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice() : null;
  const webGpuErrors = /** @type {string[]} */ ([]);
  device?.addEventListener('uncapturederror', (/** @type {any} */ event) => webGpuErrors.push(event.error.message));
  const cloth = /** @type {any} */ (nuno.createCloth(/** @type {any} */ (device ?? gl), { ...settings, positions: Float32Array.from(settings.positions), backend }));
  cloth.addCollider({ type: 'plane', friction: 0.8 });
  const crossings = [];
  let positions = await cloth.readPositions();
  const started = performance.now();
  for (let quarter = 0; quarter < quarters; quarter++) {
    for (let step = 0; step < 15; step++) {
      cloth.stepFixed(1);
      if (device) await device.queue.onSubmittedWorkDone();
      else await cloth.readPositions();
    }
    positions = await cloth.readPositions();
    crossings.push(cloth.selfCrossings(positions));
  }
  const seconds = (performance.now() - started) / 1000;
  const closePairs = cloth.selfIntersections(settings.width / (settings.columns - 1), positions);
  const floorClearance = cloth.colliderClearance(positions);
  cloth.dispose();
  device?.destroy();
  return { crossings, closePairs, floorClearance, seconds, glError: gl?.getError() ?? 0, webGpuErrors };
}

/**
 * In the page (it stands alone): the fold of tests/engines/scenes.js pulled through itself on
 * `backend`, then stepped with self-collision on until it no longer crosses itself, at most the
 * scene's steps, each waited for; then 30 steps more.
 * @param {{ backend: 'gpu' | 'webgpu' }} options
 * @returns {Promise<{ crossedAtFirst: number, steps: number, crossings: number, crossingsAfter: number, glError: number, webGpuErrors: string[] }>}
 */
export async function pageFreeFold({ backend }) {
  const { loadNuno } = await import('/web/index.js');
  const { pulledThroughFold, pulledThroughFoldSettings, pullThrough } = await import('/tests/engines/scenes.js');
  const nuno = await loadNuno();
  const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
  const device = backend === 'webgpu' ? await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice() : null;
  const webGpuErrors = /** @type {string[]} */ ([]);
  device?.addEventListener('uncapturederror', (/** @type {any} */ event) => webGpuErrors.push(event.error.message));
  const cloth = /** @type {any} */ (nuno.createCloth(/** @type {any} */ (device ?? gl), { ...pulledThroughFoldSettings(), backend }));
  pullThrough(cloth);
  const crossingsNow = async () => cloth.selfCrossings(await cloth.readPositions());
  const crossedAtFirst = await crossingsNow();
  let [steps, crossings] = [0, crossedAtFirst];
  while (crossings > 0 && steps < pulledThroughFold.steps) {
    cloth.stepFixed(1);
    steps++;
    crossings = await crossingsNow();
  }
  for (let step = 0; step < 30; step++) {
    cloth.stepFixed(1);
    await cloth.readPositions();
  }
  const crossingsAfter = await crossingsNow();
  cloth.dispose();
  device?.destroy();
  return { crossedAtFirst, steps, crossings, crossingsAfter, glError: gl.getError(), webGpuErrors };
}
