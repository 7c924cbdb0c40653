// Times the GPU solvers (WebGL2, and WebGPU where asked) and the CPU solver (wasm) inside headless Chromium, on the same
// scene as the native/wasm bench. Launched as the browser tests launch it (playwright.config.js:
// Debian's Chromium, WebGL2 on SwiftShader) but with chromium-flags.js's chromiumArgs, WebGPU
// with Dawn's robustness on as in users' browsers, against a server started for the run.
// Used by tests/bench/run.mjs; a report, not a test: nothing asserts timings.
//
// Each case sizes its own work from a probe step, so the whole browser part stays within about
// a minute on a 2-core machine however slow the emulated GPU is: the GPU's cost per step grows
// with the texels it shades, up to about a second per step at 256 x 256 on SwiftShader.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { chromium } from '@playwright/test';
import playwrightConfig from '../../playwright.config.js';
import { chromiumArgs } from '../browser/chromium-flags.js';
import { startServer } from '../../scripts/serve.mjs';
import { CPU_PLAN, GPU_PLAN, pageDescribeWebgl, pageTimeCpu, pageTimeGpu } from './page-timing.js';

/** @typedef {import('../../web/index.js').ClothSettings} ClothSettings */
/** @typedef {import('../../web/index.js').ColliderDescription} ColliderDescription */
/** @typedef {import('./page-timing.js').GpuTiming} GpuTiming */
/** @typedef {import('./page-timing.js').CpuTiming} CpuTiming */

/**
 * @typedef {object} BrowserRow
 * @property {string} grid
 * @property {string} precision the GPU state, and 'self-collision' where it was on
 * @property {number} particles
 * @property {number} gpuMsPerStep
 * @property {number} cpuMsPerStep
 * @property {number} gpuOverCpu
 * @property {number} drawCallsPerStep
 * @property {number} gpuBytesPerParticle
 * @property {GpuTiming} gpu
 * @property {CpuTiming} cpu
 */

/**
 * Launches Chromium as withBenchPage does, serves the repository on a free port, and times each
 * grid on the CPU (wasm) and on the GPU.
 * @param {object} options
 * @param {number[]} options.sizes square grids to time
 * @param {(size: number) => ClothSettings | import('../../web/index.js').PatchSettings} options.settingsFor the full settings for one grid
 * @param {(size: number) => string} [options.gridLabel] names one size's row (by default 'NxN')
 * @param {ColliderDescription[]} options.colliders
 * @param {number[]} [options.halfPrecisionSizes] sizes to time again with split half-float state
 * @param {number[]} [options.selfCollisionSizes] sizes to time again (float, and the CPU) with
 *   self-collision at one grid spacing
 * @param {boolean} [options.webGpu] time every size on the WebGPU backend too, in the same page
 * @param {Partial<ClothSettings>} [options.jacobi] time every size again (WebGL2 float, and the
 *   CPU) with these Jacobi settings
 * @param {(line: string) => void} [options.progress]
 */
export async function runBrowserBench({
  sizes, settingsFor, colliders, gridLabel = (size) => `${size}x${size}`, halfPrecisionSizes = [], selfCollisionSizes = [], webGpu = false,
  jacobi = undefined, progress = () => {},
}) {
  const started = performance.now();
  return withBenchPage(progress, async ({ page, pageErrors, browser, launchOptions }) => {
    const webgl = await page.evaluate(pageDescribeWebgl);

    /** @type {BrowserRow[]} */
    const rows = [];
    for (const size of sizes) {
      const grid = gridLabel(size);
      const plain = settingsFor(size);
      const variants = [
        ...['float', ...(halfPrecisionSizes.includes(size) ? ['half'] : []), ...(webGpu ? ['webgpu'] : [])]
          .map((precision) => ({ precision, label: precision, settings: plain })),
        ...(jacobi ? [{
          precision: 'float', label: `float, jacobi ${jacobi.substeps} x 1`, settings: { ...plain, ...jacobi },
        }] : []),
        ...(selfCollisionSizes.includes(size) ? [{
          precision: 'float', label: 'float, self-collision',
          settings: { ...plain, selfCollisionThickness: Math.min(/** @type {ClothSettings} */ (plain).width ?? 1, /** @type {ClothSettings} */ (plain).height ?? 1) / (size - 1) },
        }] : []),
      ];
      /** @type {Map<object, CpuTiming>} the CPU time of each settings, measured once */
      const cpuTimes = new Map();
      for (const { precision, label, settings } of variants) {
        let cpu = cpuTimes.get(settings);
        if (!cpu) {
          progress(`  browser cpu ${grid}${settings === plain ? '' : ` (${label})`}`);
          cpu = await page.evaluate(pageTimeCpu, { settings, colliders, plan: CPU_PLAN });
          cpuTimes.set(settings, cpu);
        }
        progress(`  browser gpu ${grid} ${label}`);
        const gpu = await page.evaluate(pageTimeGpu, { settings, colliders, precision, plan: GPU_PLAN });
        if (pageErrors.length > 0) throw pageErrors[0];
        rows.push({
          grid,
          precision: label,
          particles: gpu.particles,
          gpuMsPerStep: gpu.medianMs,
          cpuMsPerStep: cpu.medianMs,
          gpuOverCpu: gpu.medianMs / cpu.medianMs,
          drawCallsPerStep: gpu.drawCallsPerStep,
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
  });
}

/**
 * @typedef {object} ThreadsRow
 * @property {string} grid
 * @property {number} particles
 * @property {number} busyPrograms other programs keeping a core busy meanwhile (0: none)
 * @property {number} oneThreadMsPerStep median over rounds of each round's median
 * @property {number} threadsMsPerStep the same on `threads` threads
 * @property {number} speedup oneThreadMsPerStep / threadsMsPerStep
 * @property {CpuTiming[]} oneThread each round's timing
 * @property {CpuTiming[]} threaded
 */

/**
 * The CPU cloth (wasm) on one thread and on `threads`, in one cross-origin isolated page, taking
 * turns round by round so that a busy moment of the machine hits both alike. The `busySizes`
 * are timed again while as many other programs as the machine has cores spin (a phone or a
 * laptop running other things): threads must then not make the cloth slower than one thread.
 * @param {object} options
 * @param {number[]} options.sizes square grids to time
 * @param {number[]} [options.busySizes] square grids to time again beside busy programs
 * @param {(size: number) => ClothSettings} options.settingsFor
 * @param {ColliderDescription[]} options.colliders
 * @param {number} options.threads
 * @param {number} [options.rounds]
 * @param {(line: string) => void} [options.progress]
 * @returns {Promise<{ threads: number, rounds: number, cpuPlan: import('./page-timing.js').CpuPlan, rows: ThreadsRow[] }>}
 */
export async function runThreadsBench({ sizes, busySizes = [], settingsFor, colliders, threads, rounds = 3, progress = () => {} }) {
  return withBenchPage(progress, async ({ page, pageErrors }) => {
    /**
     * @param {number} size
     * @param {number} busyPrograms
     * @returns {Promise<ThreadsRow>}
     */
    const timeRounds = async (size, busyPrograms) => {
      /** @type {CpuTiming[]} */
      const oneThread = [];
      /** @type {CpuTiming[]} */
      const threaded = [];
      for (let round = 0; round < rounds; round++) {
        progress(`  browser cpu ${size}x${size}, 1 and ${threads} threads, ${busyPrograms} busy programs, round ${round + 1} of ${rounds}`);
        oneThread.push(await page.evaluate(pageTimeCpu, { settings: settingsFor(size), colliders, plan: CPU_PLAN, threads: 1 }));
        threaded.push(await page.evaluate(pageTimeCpu, { settings: settingsFor(size), colliders, plan: CPU_PLAN, threads }));
        if (pageErrors.length > 0) throw pageErrors[0];
      }
      const medianOf = (/** @type {CpuTiming[]} */ timings) => {
        const sorted = timings.map((timing) => timing.medianMs).sort((a, b) => a - b);
        return sorted[Math.floor(sorted.length / 2)];
      };
      const oneThreadMsPerStep = medianOf(oneThread);
      const threadsMsPerStep = medianOf(threaded);
      return {
        grid: `${size}x${size}`, particles: oneThread[0].particles, busyPrograms, oneThreadMsPerStep, threadsMsPerStep,
        speedup: oneThreadMsPerStep / threadsMsPerStep, oneThread, threaded,
      };
    };
    /** @type {ThreadsRow[]} */
    const rows = [];
    for (const size of sizes) rows.push(await timeRounds(size, 0));
    for (const size of busySizes) {
      const busyPrograms = availableParallelism();
      const spinners = Array.from({ length: busyPrograms }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
      try {
        rows.push(await timeRounds(size, busyPrograms));
      } finally {
        for (const spinner of spinners) spinner.kill();
      }
    }
    return { threads, rounds, cpuPlan: CPU_PLAN, rows };
  });
}

/**
 * Launches Chromium as playwright.config.js does but with chromiumArgs (Dawn's robustness on, as
 * in users' browsers), serves the repository on a free port (cross-origin isolated,
 * scripts/serve.mjs), opens the harness page and hands it to `work`.
 * @template T
 * @param {(line: string) => void} progress
 * @param {(bench: { page: import('@playwright/test').Page, pageErrors: Error[], browser: import('@playwright/test').Browser, launchOptions: any }) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withBenchPage(progress, work) {
  const { headless, launchOptions } = playwrightConfig.use ?? {};
  const server = await startServer({ port: 0 });
  // Not the tests' flags: Dawn's robustness on, as in users' browsers (chromium-flags.js).
  const benchLaunchOptions = { ...launchOptions, args: chromiumArgs, headless };
  const browser = await chromium.launch(benchLaunchOptions);
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
    return await work({ page, pageErrors, browser, launchOptions: benchLaunchOptions });
  } finally {
    await browser.close();
    await server.close();
  }
}
