// The in-page half of the browser benchmark: functions that run inside a page showing a
// canvas#view (tests/browser/harness.html, tests/hardware/hardware.html), whether Playwright
// sends them in (tests/bench/browser-bench.mjs) or the page imports them (the hardware tier).
// Each must stand alone: no closures over this module, only its argument and the page. The
// WebGPU and CPU timings need no canvas, so they also run in Node (tests/hardware/dawn.mjs).

/** @typedef {import('../../web/index.js').ClothSettings} ClothSettings */
/** @typedef {import('../../web/index.js').ColliderDescription} ColliderDescription */

/**
 * One GPU case: warm up, then time batches of fixed steps, each closed by a synchronous
 * one-texel read of the position texture, which returns only once the GPU has run every pass.
 * @typedef {object} GpuPlan
 * @property {number} warmupSteps steps before timing, at most (the first one compiles the shaders)
 * @property {number} warmupBudgetMs fewer warm-up steps when they would take longer than this
 * @property {number} timedBudgetMs about this long timing batches
 * @property {number} batchTargetMs steps per batch so that a batch takes about this long...
 * @property {number} maxStepsPerBatch ...but no more steps than this
 * @property {number} minBatches
 * @property {number} maxBatches
 */

/**
 * One CPU case: warm up, then time single stepFixed(1) calls.
 * @typedef {object} CpuPlan
 * @property {number} warmupSteps
 * @property {number} timedBudgetMs about this long timing single steps
 * @property {number} minSteps
 * @property {number} maxSteps
 */

/**
 * @typedef {object} GpuTiming
 * @property {string} precision
 * @property {number} particles
 * @property {number} drawCallsPerStep
 * @property {number} substeps
 * @property {number | null} bytesWrittenPerParticlePerStep render-target bytes per particle a step (WebGL2; null for WebGPU)
 * @property {number} gpuBytesPerParticle
 * @property {number} firstStepMs the first step alone, shader compilation included
 * @property {number} warmupSteps steps taken before timing, the first included
 * @property {number} stepsPerBatch
 * @property {number} batches
 * @property {number} medianMs median over batches of batch ms / steps in the batch
 * @property {number} minMs
 * @property {number} maxMs
 * @property {number} submitMedianMs median over batches of the stepFixed call alone / steps: command submission only
 * @property {number} syncReadMs the one-texel read with no work pending (median of 5): the overhead in each batch
 */

/**
 * @typedef {object} CpuTiming
 * @property {number} particles
 * @property {number} constraints
 * @property {number} warmupSteps
 * @property {number} timedSteps
 * @property {number} medianMs median of single stepFixed(1) calls
 */

// Sized for the 2-core machine this runs on, where a 256 x 256 GPU step takes about 0.8 s.
/** @type {GpuPlan} */
export const GPU_PLAN = {
  warmupSteps: 20,
  warmupBudgetMs: 4000,
  timedBudgetMs: 8000,
  batchTargetMs: 300,
  maxStepsPerBatch: 5,
  minBatches: 5,
  maxBatches: 15,
};
/** @type {CpuPlan} */
export const CPU_PLAN = { warmupSteps: 20, timedBudgetMs: 1500, minSteps: 15, maxSteps: 300 };

/** @returns {Promise<{ renderer: string, vendor: string, version: string, floatTargets: boolean }>} */
export async function pageDescribeWebgl() {
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return {
    renderer: String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)),
    vendor: String(gl.getParameter(info ? info.UNMASKED_VENDOR_WEBGL : gl.VENDOR)),
    version: String(gl.getParameter(gl.VERSION)),
    floatTargets: gl.getExtension('EXT_color_buffer_float') !== null,
  };
}

/**
 * Times the WebGL2 cloth with `precision` state, or the WebGPU cloth with precision 'webgpu'
 * (on a device of its own, and no canvas needed), in the same page.
 * `tiledSubsteps` false times the WebGPU cloth on its passes where it would step tiled.
 * @param {{ settings: ClothSettings | import('../../web/index.js').PatchSettings, colliders: ColliderDescription[], precision: string, plan: GpuPlan, tiledSubsteps?: boolean }} options
 * @returns {Promise<GpuTiming>}
 */
export async function pageTimeGpu({ settings, colliders, precision, plan, tiledSubsteps = true }) {
  const { loadNuno } = await import('/web/index.js');
  const { tiledSubstepLimits } = await import('/web/backends/webgpu/tile-substep.js');
  const nuno = await loadNuno();
  const onWebGpu = precision === 'webgpu';
  const gl = onWebGpu ? null
    : /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
  // The limits requestCloth asks for: the tiles as large as this device allows.
  const adapter = onWebGpu ? /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()) : null;
  const device = adapter ? await adapter.requestDevice({ requiredLimits: tiledSubstepLimits(adapter) }) : null;
  // Settings with a patch layout (patchesAcross) are a sea of patches.
  const options = onWebGpu
    ? { ...settings, backend: /** @type {const} */ ('webgpu') }
    : { ...settings, backend: /** @type {const} */ ('gpu'), precision: /** @type {any} */ (precision) };
  const target = /** @type {any} */ (device ?? gl);
  const cloth = /** @type {any} */ ('patchesAcross' in settings ? nuno.createPatches(target, /** @type {any} */ (options)) : nuno.createCloth(target, options));
  const readFramebuffer = gl?.createFramebuffer() ?? null;
  const texel = new Float32Array(4);
  // WebGL2: readPixels into client memory is synchronous: it returns once the GPU has written
  // the texture, that is, after every pass issued before it (the last pass writes this
  // texture). WebGPU: the queue says when the work submitted so far is done.
  const waitForGpu = async () => {
    if (!gl) return /** @type {GPUDevice} */ (device).queue.onSubmittedWorkDone();
    gl.bindFramebuffer(gl.FRAMEBUFFER, readFramebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, cloth.positionTexture, 0);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.FLOAT, texel);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  };
  /** @param {number} steps */
  const timeSteps = async (steps) => {
    const start = performance.now();
    cloth.stepFixed(steps);
    const submitted = performance.now();
    await waitForGpu();
    const end = performance.now();
    return { ms: end - start, submitMs: submitted - start };
  };
  /** @param {number[]} values */
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const clamp = (/** @type {number} */ value, /** @type {number} */ low, /** @type {number} */ high) =>
    Math.min(high, Math.max(low, value));
  try {
    const got = cloth.backend === 'gpu' ? cloth.precision : cloth.backend;
    if (got !== precision) throw new Error(`asked for the GPU with ${precision} state, got ${cloth.backend} ${got}`);
    for (const collider of colliders) cloth.addCollider(collider);
    if (!tiledSubsteps) cloth.tiledSubsteps = false;
    // The one-dispatch steps' pipelines are made asynchronously: timed from the first step on.
    if (onWebGpu) await cloth.pipelinesMade();
    await waitForGpu();
    const firstStepMs = (await timeSteps(1)).ms;
    const probeMs = (await timeSteps(1)).ms;
    // The rest of the warm-up as one call; it also gives a better estimate of a step's cost.
    const moreWarmup = clamp(Math.min(plan.warmupSteps - 2, Math.floor(plan.warmupBudgetMs / probeMs)), 0, plan.warmupSteps);
    const estimateMs = moreWarmup > 0 ? (await timeSteps(moreWarmup)).ms / moreWarmup : probeMs;
    const stepsPerBatch = clamp(Math.round(plan.batchTargetMs / estimateMs), 1, plan.maxStepsPerBatch);
    const batches = clamp(Math.floor(plan.timedBudgetMs / (stepsPerBatch * estimateMs)), plan.minBatches, plan.maxBatches);
    const perStep = [];
    const submitPerStep = [];
    for (let batch = 0; batch < batches; batch++) {
      const { ms, submitMs } = await timeSteps(stepsPerBatch);
      perStep.push(ms / stepsPerBatch);
      submitPerStep.push(submitMs / stepsPerBatch);
      // Let the page breathe between batches (outside the timed span).
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const syncReads = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await waitForGpu();
      syncReads.push(performance.now() - start);
    }
    const glError = gl ? gl.getError() : 0;
    if (glError !== 0) throw new Error(`WebGL error 0x${glError.toString(16)} after the GPU steps`);
    return {
      precision: got,
      particles: cloth.particleCount,
      // A WebGPU step's compute dispatches stand where a WebGL2 step's draw calls do.
      drawCallsPerStep: onWebGpu ? cloth.dispatchesPerStep : cloth.drawCallsPerStep,
      substeps: cloth.settings.substeps,
      bytesWrittenPerParticlePerStep: onWebGpu ? null : cloth.bytesWrittenPerParticlePerStep,
      gpuBytesPerParticle: cloth.gpuBytesPerParticle,
      firstStepMs,
      warmupSteps: 2 + moreWarmup,
      stepsPerBatch,
      batches,
      medianMs: median(perStep),
      minMs: Math.min(...perStep),
      maxMs: Math.max(...perStep),
      submitMedianMs: median(submitPerStep),
      syncReadMs: median(syncReads),
    };
  } finally {
    gl?.deleteFramebuffer(readFramebuffer);
    cloth.dispose();
    device?.destroy();
  }
}

/**
 * The CPU cloth (wasm) on `threads` threads (1 by default: the single-thread module).
 * @param {{ settings: ClothSettings | import('../../web/index.js').PatchSettings, colliders: ColliderDescription[], plan: CpuPlan, threads?: number }} options
 * @returns {Promise<CpuTiming>}
 */
export async function pageTimeCpu({ settings, colliders, plan, threads = 1 }) {
  const { loadNuno } = await import('/web/index.js');
  // One core per thread count for the page's life: each threaded load starts its own workers.
  const loaded = /** @type {Record<number, Promise<import('../../web/index.js').Nuno>>} */ (/** @type {any} */ (globalThis).nunoBenchCores ??= {});
  const nuno = await (loaded[threads] ??= loadNuno({ threads }));
  if (nuno.threadCount !== threads) throw new Error(`asked for ${threads} threads, got ${nuno.threadCount}: ${nuno.singleThreadReason}`);
  const cloth = /** @type {import('../../web/index.js').Cloth} */ (
    'patchesAcross' in settings ? nuno.createPatches(/** @type {any} */ (settings)) : nuno.createCloth(settings));
  try {
    for (const collider of colliders) cloth.addCollider(collider);
    const warmupStart = performance.now();
    cloth.stepFixed(plan.warmupSteps);
    const estimateMs = (performance.now() - warmupStart) / plan.warmupSteps;
    const timedSteps = Math.min(plan.maxSteps, Math.max(plan.minSteps, Math.round(plan.timedBudgetMs / estimateMs)));
    const milliseconds = [];
    for (let i = 0; i < timedSteps; i++) {
      const start = performance.now();
      cloth.stepFixed(1);
      milliseconds.push(performance.now() - start);
    }
    milliseconds.sort((a, b) => a - b);
    const middle = Math.floor(timedSteps / 2);
    const medianMs = timedSteps % 2 === 1 ? milliseconds[middle] : (milliseconds[middle - 1] + milliseconds[middle]) / 2;
    const constraints = ['structural', 'shear', 'bending']
      .reduce((sum, family) => sum + cloth.constraintCount(/** @type {any} */ (family)), 0);
    return { particles: cloth.particleCount, constraints, warmupSteps: plan.warmupSteps, timedSteps, medianMs };
  } finally {
    cloth.dispose();
  }
}
