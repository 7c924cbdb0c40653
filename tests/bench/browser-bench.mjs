// Times the GPU solver (WebGL2) and the CPU solver (wasm) inside headless Chromium, on the same
// scene as the native/wasm bench. Launched as the browser tests launch it (playwright.config.js:
// Debian's Chromium, WebGL2 on SwiftShader), against a server started for the run.
// Used by tests/bench/run.mjs; a report, not a test: nothing asserts timings.
//
// Each case sizes its own work from a probe step, so the whole browser part stays within about
// a minute on a 2-core machine however slow the emulated GPU is: the GPU's cost per step grows
// with the texels it shades, up to about a second per step at 256 x 256 on SwiftShader.
import { chromium } from '@playwright/test';
import playwrightConfig from '../../playwright.config.js';
import { startServer } from '../../scripts/serve.mjs';

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

// The page side: each function runs in the page through page.evaluate, so it must stand alone
// (no closures over this module). The page is the tests' harness, tests/browser/harness.html.

/** @returns {Promise<{ renderer: string, vendor: string, version: string, floatTargets: boolean }>} */
async function pageDescribeWebgl() {
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
 * @param {{ settings: ClothSettings, colliders: ColliderDescription[], precision: string, plan: GpuPlan }} options
 * @returns {Promise<GpuTiming>}
 */
async function pageTimeGpu({ settings, colliders, precision, plan }) {
  const { loadNuno } = await import('/web/index.js');
  const nuno = await loadNuno();
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
  const cloth = /** @type {import('../../web/index.js').GpuCloth} */ (
    nuno.createCloth(gl, { ...settings, backend: 'gpu', precision: /** @type {any} */ (precision) }));
  const readFramebuffer = gl.createFramebuffer();
  const texel = new Float32Array(4);
  // readPixels into client memory is synchronous: it returns once the GPU has written the
  // texture, that is, after every pass issued before it (the last pass writes this texture).
  const waitForGpu = () => {
    gl.bindFramebuffer(gl.FRAMEBUFFER, readFramebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, cloth.positionTexture, 0);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.FLOAT, texel);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  };
  /** @param {number} steps */
  const timeSteps = (steps) => {
    const start = performance.now();
    cloth.stepFixed(steps);
    const submitted = performance.now();
    waitForGpu();
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
    if (cloth.backend !== 'gpu' || cloth.precision !== precision) {
      throw new Error(`asked for the GPU with ${precision} state, got ${cloth.backend} ${cloth.backend === 'gpu' ? cloth.precision : ''}`);
    }
    for (const collider of colliders) cloth.addCollider(collider);
    waitForGpu();
    const firstStepMs = timeSteps(1).ms;
    const probeMs = timeSteps(1).ms;
    // The rest of the warm-up as one call; it also gives a better estimate of a step's cost.
    const moreWarmup = clamp(Math.min(plan.warmupSteps - 2, Math.floor(plan.warmupBudgetMs / probeMs)), 0, plan.warmupSteps);
    const estimateMs = moreWarmup > 0 ? timeSteps(moreWarmup).ms / moreWarmup : probeMs;
    const stepsPerBatch = clamp(Math.round(plan.batchTargetMs / estimateMs), 1, plan.maxStepsPerBatch);
    const batches = clamp(Math.floor(plan.timedBudgetMs / (stepsPerBatch * estimateMs)), plan.minBatches, plan.maxBatches);
    const perStep = [];
    const submitPerStep = [];
    for (let batch = 0; batch < batches; batch++) {
      const { ms, submitMs } = timeSteps(stepsPerBatch);
      perStep.push(ms / stepsPerBatch);
      submitPerStep.push(submitMs / stepsPerBatch);
      // Let the page breathe between batches (outside the timed span).
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const syncReads = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      waitForGpu();
      syncReads.push(performance.now() - start);
    }
    const glError = gl.getError();
    if (glError !== gl.NO_ERROR) throw new Error(`WebGL error 0x${glError.toString(16)} after the GPU steps`);
    return {
      precision: cloth.precision,
      particles: cloth.particleCount,
      drawCallsPerStep: cloth.drawCallsPerStep,
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
    gl.deleteFramebuffer(readFramebuffer);
    cloth.dispose();
  }
}

/**
 * @param {{ settings: ClothSettings, colliders: ColliderDescription[], plan: CpuPlan }} options
 * @returns {Promise<CpuTiming>}
 */
async function pageTimeCpu({ settings, colliders, plan }) {
  const { loadNuno } = await import('/web/index.js');
  const nuno = await loadNuno();
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
  const cloth = /** @type {import('../../web/index.js').Cloth} */ (nuno.createCloth(gl, { ...settings, backend: 'cpu' }));
  try {
    if (cloth.backend !== 'cpu') throw new Error(`asked for the CPU, got ${cloth.backend}`);
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

/**
 * @typedef {object} BrowserRow
 * @property {string} grid
 * @property {string} precision
 * @property {number} particles
 * @property {number} gpuMsPerStep
 * @property {number} cpuMsPerStep
 * @property {number} gpuOverCpu
 * @property {number} drawCallsPerStep
 * @property {number} texelsPerStep particles x draw calls per step
 * @property {number} gpuBytesPerParticle
 * @property {GpuTiming} gpu
 * @property {CpuTiming} cpu
 */

/**
 * Launches Chromium as playwright.config.js does, serves the repository on a free port, and
 * times each grid on the CPU (wasm) and on the GPU.
 * @param {object} options
 * @param {number[]} options.sizes square grids to time
 * @param {(size: number) => ClothSettings} options.settingsFor the full settings for one grid
 * @param {ColliderDescription[]} options.colliders
 * @param {number[]} [options.halfPrecisionSizes] sizes to time again with split half-float state
 * @param {(line: string) => void} [options.progress]
 */
export async function runBrowserBench({ sizes, settingsFor, colliders, halfPrecisionSizes = [], progress = () => {} }) {
  const started = performance.now();
  const { headless, launchOptions } = playwrightConfig.use ?? {};
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ ...launchOptions, headless });
  try {
    const page = await browser.newPage();
    /** @type {Error[]} */
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    page.on('console', (message) => {
      // The one-texel read is a deliberate stall; Chromium says so once. Anything else is news.
      if ((message.type() === 'error' || message.type() === 'warning') && !/GPU stall due to ReadPixels/.test(message.text())) {
        progress(`  page ${message.type()}: ${message.text()}`);
      }
    });
    await page.goto(`${server.url}tests/browser/harness.html`);
    const webgl = await page.evaluate(pageDescribeWebgl);

    /** @type {BrowserRow[]} */
    const rows = [];
    for (const size of sizes) {
      const grid = `${size}x${size}`;
      const settings = settingsFor(size);
      progress(`  browser cpu ${grid}`);
      const cpu = await page.evaluate(pageTimeCpu, { settings, colliders, plan: CPU_PLAN });
      for (const precision of ['float', ...(halfPrecisionSizes.includes(size) ? ['half'] : [])]) {
        progress(`  browser gpu ${grid} ${precision}`);
        const gpu = await page.evaluate(pageTimeGpu, { settings, colliders, precision, plan: GPU_PLAN });
        if (pageErrors.length > 0) throw pageErrors[0];
        rows.push({
          grid,
          precision,
          particles: gpu.particles,
          gpuMsPerStep: gpu.medianMs,
          cpuMsPerStep: cpu.medianMs,
          gpuOverCpu: gpu.medianMs / cpu.medianMs,
          drawCallsPerStep: gpu.drawCallsPerStep,
          texelsPerStep: gpu.particles * gpu.drawCallsPerStep,
          gpuBytesPerParticle: gpu.gpuBytesPerParticle,
          gpu,
          cpu,
        });
      }
    }
    if (pageErrors.length > 0) throw pageErrors[0];
    return {
      chromium: browser.version(),
      executablePath: launchOptions?.executablePath ?? null,
      launchArgs: launchOptions?.args ?? [],
      webgl,
      gpuPlan: GPU_PLAN,
      cpuPlan: CPU_PLAN,
      rows,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
