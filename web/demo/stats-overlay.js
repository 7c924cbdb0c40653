// The live figures in the corner, refreshed every half second so they can be read: frames per
// second, milliseconds per solver step (for the WebGPU cloth also the GPU's), the cloth's size,
// where it runs, its largest strain and, where the page asks, its crossings with itself and its
// torn constraints.
import { families } from './demo-settings.js';
import { GpuQueueTimer } from './gpu-queue-timer.js';
import { ShapeProbe } from './shape-probe.js';

/** @typedef {import('./stage.js').AnyCloth} AnyCloth */

const reportEveryMs = 500;

export class StatsOverlay {
  /** @type {HTMLElement} */
  #element;
  /** @type {ShapeProbe} */
  #shape;
  /** @type {() => boolean} */
  #showCrossings;
  /** @type {() => boolean} */
  #showTorn;
  #windowStartMs = performance.now();
  #frames = 0;
  #steps = 0;
  #stepMs = 0;
  #gpuTimer = new GpuQueueTimer();

  /**
   * @param {HTMLElement} element its text is replaced
   * @param {WebGL2RenderingContext} gl the context the cloth runs in
   * @param {() => boolean} showCrossings whether to show the cloth's crossings with itself now
   * @param {() => boolean} showTorn whether to show how many of its constraints have torn now
   */
  constructor(element, gl, showCrossings, showTorn) {
    this.#element = element;
    this.#shape = new ShapeProbe(gl);
    this.#showCrossings = showCrossings;
    this.#showTorn = showTorn;
  }

  /**
   * Counts one frame, and shows the figures when half a second has passed.
   * @param {AnyCloth} cloth the cloth stepped
   * @param {number} steps fixed steps this frame took
   * @param {number} stepMs time spent in cloth.step, milliseconds
   */
  recordFrame(cloth, steps, stepMs) {
    if (cloth.backend === 'webgpu' && steps > 0) this.#gpuTimer.mark(cloth.device, 'steps', steps);
    this.#frames += 1;
    this.#steps += steps;
    this.#stepMs += stepMs;
    const nowMs = performance.now();
    const elapsedMs = nowMs - this.#windowStartMs;
    if (elapsedMs < reportEveryMs) return;

    const fps = (this.#frames * 1000) / elapsedMs;
    const msPerStep = this.#steps > 0 ? (this.#stepMs / this.#steps).toFixed(2) : '–';
    const gpu = this.#gpuTimer.take();
    const shownMs = (/** @type {number | null} */ ms) => (ms === null ? '–' : ms.toFixed(2));
    // On the GPU, step() hands the passes to the driver and returns: that time is the submitting.
    // The WebGPU cloth's GPU time is known too, from when its queue says the work is done.
    const stepWhat = {
      cpu: 'ms/step',
      gpu: 'ms/step (submitting the GPU passes)',
      webgpu: `ms/step submitting · GPU ≈ ${shownMs(gpu.stepMs)} ms/step, ≈ ${shownMs(gpu.drawingMs)} ms/drawing`,
    }[cloth.backend];
    const constraints = families.reduce((sum, family) => sum + cloth.constraintCount(family), 0);
    const where = { gpu: () => `GPU (WebGL2), ${cloth.precision} precision`, webgpu: () => 'GPU (WebGPU compute)', cpu: () => cpuWhere(/** @type {import('../index.js').Cloth} */ (cloth)) }[cloth.backend]();
    const wanted = { crossings: this.#showCrossings(), torn: this.#showTorn() };
    const { maxStrain, crossings, torn } = this.#shape.sample(cloth, wanted);
    const strain = maxStrain === null ? '–' : `${(maxStrain * 100).toFixed(1)} %`;
    const count = (/** @type {number | null} */ figure) => (figure === null ? '–' : figure.toLocaleString('en'));
    this.#element.textContent = [
      `${fps.toFixed(0)} fps · ${msPerStep} ${stepWhat}`,
      `${cloth.particleCount.toLocaleString('en')} particles · ${constraints.toLocaleString('en')} constraints`,
      `${where} · max structural strain ${strain}`,
      ...(wanted.crossings ? [`crossings ${count(crossings)}`] : []),
      ...(wanted.torn ? [`torn ${count(torn)} (past ${(cloth.settings.tearStrain * 100).toFixed(0)} % strain)`] : []),
    ].join('\n');
    this.#windowStartMs = nowMs;
    this.#frames = this.#steps = this.#stepMs = 0;
  }

  /**
   * Marks a frame's drawing, so the WebGPU cloth's GPU time per step leaves it out.
   * @param {AnyCloth} cloth the cloth drawn
   */
  recordDrawing(cloth) {
    if (cloth.backend === 'webgpu') this.#gpuTimer.mark(cloth.device, 'drawing', 1);
  }

  /** Drops what was measured before the WebGL context was lost. */
  contextLost() {
    this.#shape.forget();
    this.#element.textContent = 'WebGL context lost: waiting for the browser to restore it…';
  }
}

/**
 * @param {import('../index.js').Cloth} cloth
 * @returns {string} where a CPU cloth runs: 'CPU (wasm)', with its threads when more than one
 */
function cpuWhere(cloth) {
  return cloth.threadCount > 1 ? `CPU (wasm, ${cloth.threadCount} threads)` : 'CPU (wasm)';
}
