// The WebGPU cloth's tiled substeps against its passes of their own, in Node on the adapter Dawn
// finds (the `webgpu` package): ms a step of the bench's scene at each size, on a device with the
// default limits (16 KiB of workgroup memory, 256 invocations a workgroup), with the adapter's
// most memory, with its most invocations, and with both (as requestCloth asks), each cloth timed
// with `tiledSubsteps` on and off in turns; and how far apart the two end after STEPS steps (0:
// the tiles end on the passes' bits).
//   node tests/bench/tiled-substeps.mjs [SIZES] [STEPS] [BATCH]
// SIZES: comma-separated grid sides (default 64,128,256,512); STEPS: steps compared (default 60);
// BATCH: steps a timed batch (default 4 million particle-steps' worth, at least 5).
// Dawn picks the GPU through the Vulkan loader: VK_DRIVER_FILES=.../nvidia_icd.json for an NVIDIA
// driver, /usr/lib/chromium/vk_swiftshader_icd.json for SwiftShader (software: where the tiles are
// slower, and off by default).
import { create, globals } from 'webgpu';
import { loadNuno } from '../../web/index.js';
import { tiledSubstepLimits } from '../../web/backends/webgpu/tile-substep.js';
import { SCENE_COLLIDERS, benchSettings } from './scene.js';

const sizes = (process.argv[2] ?? '64,128,256,512').split(',').map(Number);
const comparedSteps = Number(process.argv[3] ?? 60);
const batchSteps = process.argv[4] ? Number(process.argv[4]) : null;
Object.assign(globalThis, globals);
// Held for the whole run: Dawn aborts once the object create() returns is collected.
const gpu = create([]);
const nuno = await loadNuno();
const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The devices timed: every device's limits; the adapter's most workgroup memory alone; its most
 * invocations a workgroup alone; and what requestCloth asks, both.
 * @type {Record<string, (adapter: GPUAdapter) => Record<string, number>>}
 */
const devices = {
  default: () => ({}),
  'most memory': ({ limits }) => ({ maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize }),
  'most invocations': (adapter) => {
    const { maxComputeWorkgroupStorageSize, ...invocations } = tiledSubstepLimits(adapter);
    return invocations;
  },
  'most memory and invocations': tiledSubstepLimits,
};

/** @param {string} limitsName */
async function deviceWith(limitsName) {
  const adapter = /** @type {GPUAdapter} */ (await gpu.requestAdapter());
  const requiredLimits = devices[limitsName](adapter);
  const device = await adapter.requestDevice({ requiredLimits });
  device.addEventListener('uncapturederror', (/** @type {any} */ event) => { console.error(`WebGPU error: ${event.error.message}`); process.exitCode = 1; });
  return device;
}

/**
 * @param {GPUDevice} device
 * @param {number} size
 */
function benchCloth(device, size) {
  const cloth = /** @type {import('../../web/index.js').WebGpuCloth} */ (nuno.createCloth(device, { ...benchSettings(size), backend: 'webgpu' }));
  SCENE_COLLIDERS.forEach((collider) => cloth.addCollider(collider));
  return cloth;
}

/**
 * Waits for the tiled pipeline to be made (or found unmakeable: the passes step), then times batches.
 * @param {import('../../web/index.js').WebGpuCloth} cloth
 * @param {boolean} tiled
 */
async function msPerStep(cloth, tiled) {
  cloth.tiledSubsteps = tiled;
  await cloth.pipelinesMade();
  const batch = batchSteps ?? Math.max(5, Math.round(4e6 / cloth.particleCount));
  const times = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    cloth.stepFixed(batch);
    await cloth.device.queue.onSubmittedWorkDone();
    times.push((performance.now() - start) / batch);
  }
  return { ms: median(times), dispatches: cloth.dispatchesPerStep };
}

for (const limitsName of Object.keys(devices)) {
  const device = await deviceWith(limitsName);
  console.log(`${limitsName}: ${device.limits.maxComputeWorkgroupStorageSize} B of workgroup memory, ${device.limits.maxComputeInvocationsPerWorkgroup} invocations ` +
    `(${device.adapterInfo?.vendor} ${device.adapterInfo?.architecture})`);
  for (const size of sizes) {
    const cloth = benchCloth(device, size);
    const timed = [];
    for (const tiled of [true, false, true, false]) timed.push({ tiled, ...(await msPerStep(cloth, tiled)) });
    cloth.dispose();
    const of = (/** @type {boolean} */ tiled) => timed.filter((time) => time.tiled === tiled);
    const range = (/** @type {typeof timed} */ times) => times.map((time) => time.ms.toFixed(3)).join(' / ');
    const ratio = median(of(false).map((time) => time.ms)) / median(of(true).map((time) => time.ms));
    console.log(`  ${size}²: tiled ${range(of(true))} ms (${of(true)[0].dispatches} dispatches), passes ${range(of(false))} ms ` +
      `(${of(false)[0].dispatches}); passes / tiled ${ratio.toFixed(2)}x`);
  }
  // The same scene stepped both ways from rest: the tiles must end on the passes' bits.
  const size = Math.min(...sizes);
  const [tiled, ownPasses] = [benchCloth(device, size), benchCloth(device, size)];
  tiled.tiledSubsteps = true;
  ownPasses.tiledSubsteps = false;
  await tiled.pipelinesMade();
  const paths = `${tiled.dispatchesPerStep} and ${ownPasses.dispatchesPerStep} dispatches a step`;
  tiled.stepFixed(comparedSteps);
  ownPasses.stepFixed(comparedSteps);
  const [a, b] = [await tiled.readPositions(), await ownPasses.readPositions()];
  const apart = a.reduce((most, value, i) => Math.max(most, Math.abs(value - b[i])), 0);
  console.log(`  ${size}² after ${comparedSteps} steps (${paths}): ${(apart * 1000).toPrecision(3)} mm apart`);
  tiled.dispose();
  ownPasses.dispose();
  device.destroy();
}
// Dawn's threads would keep Node alive.
process.exit(0);
