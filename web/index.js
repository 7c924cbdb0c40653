// nuno: real-time cloth for the web. The public entry point of the package.
import { kindOf, shown } from './arguments.js';
import { Cloth } from './backends/cpu/cloth.js';
import { ClothModel } from './cloth-model.js';
import { GpuUnsupportedError, gpuCapabilities } from './backends/gpu/capabilities.js';
import { GpuCloth } from './backends/webgl2/gpu-cloth.js';
import { settingsRefusal } from './backends/gpu/settings-refusal.js';
import { loadCore } from './load-core.js';
import { gpuTablesOf } from './backends/gpu/gpu-constants.js';
import { WebGpuCloth } from './backends/webgpu/webgpu-cloth.js';
import { tiledSubstepLimits } from './backends/webgpu/tile-substep.js';
import { WorkerCloth } from './backends/worker/worker-cloth.js';
import { gpuFinished } from './backends/webgl2/solver-gl-state.js';
import { msPerStep } from './backends/gpu/step-trial.js';

export { Cloth } from './backends/cpu/cloth.js';
export { GpuUnsupportedError } from './backends/gpu/capabilities.js';
export { GpuCloth } from './backends/webgl2/gpu-cloth.js';
export { nearestParticleToRay } from './picking.js';
export { untornTriangles } from './untorn-triangles.js';
export { ClothRenderer } from './render/cloth-renderer.js';
export { WebGpuClothRenderer } from './render/webgpu-cloth-renderer.js';
export { WebGpuCloth } from './backends/webgpu/webgpu-cloth.js';
export { WorkerCloth } from './backends/worker/worker-cloth.js';

const backends = ['auto', 'webgpu', 'gpu', 'cpu'];

/**
 * @typedef {object} LoadOptions
 * @property {URL | string} [wasmUrl] Where nuno-core.wasm is, when a bundler or server moved it.
 * @property {ArrayBuffer | Uint8Array} [wasmBinary] The module's bytes, when the caller has them.
 * @property {number | 'auto'} [threads] Threads that step a CPU cloth, the page's own included:
 *   'auto' (the default) up to 4 where the page is cross-origin isolated, else 1; a number asks
 *   for that many. Where threads cannot run, one does and `singleThreadReason` says why.
 */

/**
 * Loads the WebAssembly core. In browsers and workers the wasm is fetched from beside this
 * module (bundlers copy it because of the `new URL(..., import.meta.url)` form); in Node it is
 * read from disk. With more than one thread the threaded module (nuno-core-threads) is loaded
 * instead, and its helper threads started.
 * @param {LoadOptions} [options]
 * @returns {Promise<Nuno>}
 */
export async function loadNuno(options = {}) {
  const { core, load, plan } = await loadCore(options);
  return new Nuno(core, load, plan);
}

/** The loaded core: makes cloths. */
export class Nuno {
  /** @type {any} */
  #core;
  /** @type {import('./backends/gpu/gpu-constants.js').GpuTables | null} read from the core at the first GPU cloth */
  #gpuTables = null;
  /** @type {LoadOptions} how the core was loaded, for a worker to do the same */
  #load;
  /** @type {import('./threads.js').ThreadPlan} */
  #threads;

  /**
   * @param {any} core the Emscripten module
   * @param {LoadOptions} load
   * @param {import('./threads.js').ThreadPlan} threads
   */
  constructor(core, load, threads) {
    this.#core = core;
    this.#load = load;
    this.#threads = threads;
  }

  /**
   * Threads that step a CPU cloth of 4,096 particles or more, the caller's included (smaller
   * ones take one: they gain less than the hand-offs cost). Any count ends on the same bits.
   */
  get threadCount() {
    return this.#threads.threadCount;
  }

  /** Why one thread steps the CPU cloths when more were asked for (or 'auto' found none); else null. */
  get singleThreadReason() {
    return this.#threads.singleThreadReason;
  }

  /**
   * A CPU cloth stepped in a Web Worker, so the page's main thread stays free: the same
   * settings and errors as `createCloth(settings)` (thrown by every call at once: the cloth's model
   * on this thread checks them), `step()` that asks for steps without waiting, and `positions`
   * handed over without copies as the worker finishes steps. Browsers only.
   * @param {import('./index.js').ClothSettings} [settings]
   * @returns {Promise<WorkerCloth>}
   */
  async createWorkerCloth(settings = {}) {
    if (typeof Worker === 'undefined') {
      throw new Error('nuno: createWorkerCloth needs Web Workers, which this environment lacks; use createCloth(settings)');
    }
    const setup = new ClothModel(this.#core, settings, true);
    try {
      return await WorkerCloth.start(setup, settings, this.#load);
    } catch (error) {
      setup.dispose();
      throw error;
    }
  }

  /**
   * `createCloth(settings)`: a cloth simulated on the CPU (WebAssembly), anywhere.
   * `createCloth(glOrCanvas, settings)`: with `backend` 'gpu' a cloth simulated by WebGL2 passes
   * in that context, with 'cpu' the CPU cloth, with 'auto' (the default) the GPU cloth where the
   * device can run it and else the CPU cloth, whose `fallbackReason` then says why.
   * `createCloth(gpuDevice, settings)`: with 'webgpu' or 'auto' a cloth simulated by WebGPU
   * compute passes on that device ('auto' falls back to the CPU). A WebGPU device comes
   * asynchronously: `requestCloth` gets one and picks the faster GPU backend, else the CPU.
   * @param {GPUDevice | WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas | import('./index.js').ClothSettings} [target]
   * @param {import('./index.js').GpuClothOptions} [options] with a device, context or canvas
   * @returns {Cloth | GpuCloth | WebGpuCloth}
   */
  createCloth(target = {}, options = undefined) {
    return this.#makeCloth(target, options, false);
  }

  /**
   * createCloth's work; a WebGPU cloth made here destroys its device on dispose() when
   * `ownsDevice` (requestCloth asked for the device).
   * @param {GPUDevice | WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas | import('./index.js').ClothSettings} target
   * @param {import('./index.js').GpuClothOptions | undefined} options
   * @param {boolean} ownsDevice
   * @returns {Cloth | GpuCloth | WebGpuCloth}
   */
  #makeCloth(target, options, ownsDevice) {
    if (!isGraphicsTarget(target)) {
      if (options !== undefined) throw new TypeError('nuno: createCloth(settings) takes one argument; pass a GPUDevice, WebGL2 context or canvas first for the GPU');
      return new Cloth(this.#core, /** @type {import('./index.js').ClothSettings} */ (target));
    }
    const { backend = 'auto', precision = 'auto', ignoreFloatRenderTargets = false, debug = false, ...settings } = options ?? {};
    requireBackend(backend);
    if (typeof debug !== 'boolean') throw new Error(`nuno: 'debug' must be true or false, got ${shown(debug)}`);
    if (backend === 'cpu') return new Cloth(this.#core, settings);
    const device = isWebGpuDevice(target);
    if (device && backend === 'gpu') {
      throw new TypeError("nuno: backend 'gpu' is WebGL2 and needs a WebGL2 context or canvas, not a GPUDevice; use backend: 'webgpu'");
    }
    if (!device && backend === 'webgpu') {
      throw new TypeError("nuno: backend 'webgpu' needs a GPUDevice as the first argument (createCloth cannot wait for one); " +
        'use `await nuno.requestCloth(canvas, options)`, which requests it');
    }
    if (device && !['auto', 'float'].includes(precision)) {
      throw new Error(`nuno: 'precision' must be 'auto' or 'float' on the WebGPU backend (its storage buffers are 32-bit float), got ${shown(precision)}`);
    }
    const setup = new ClothModel(this.#core, settings);
    try {
      this.#gpuTables ??= gpuTablesOf(this.#core);
      if (device) return new WebGpuCloth(/** @type {GPUDevice} */ (target), setup, this.#gpuTables, ownsDevice);
      const gl = webgl2Of(/** @type {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas} */ (target));
      const { precision: chosen } = gpuCapabilities(gl, setup, precision, ignoreFloatRenderTargets);
      return new GpuCloth(gl, setup, this.#gpuTables, chosen, debug);
    } catch (error) {
      setup.dispose();
      if (backend === 'auto' && error instanceof GpuUnsupportedError) return this.#cpuFallback(settings, error.message);
      throw error;
    }
  }

  /**
   * The CPU cloth 'auto' falls back to; where it cannot be made either (a grid only a GPU
   * holds), its error says why the GPU was passed over too.
   * @param {import('./index.js').ClothSettings} settings
   * @param {string} reason why the GPU was passed over
   */
  #cpuFallback(settings, reason) {
    let cloth;
    try {
      cloth = new Cloth(this.#core, settings);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; backend 'auto' fell back to the CPU because ${reason}`);
    }
    cloth.fallbackReason = reason;
    return cloth;
  }

  /**
   * A cloth on the best backend this browser and device offer, with 'auto' (the default):
   * WebGPU (a device requested here, which the cloth destroys when disposed) or WebGL2 in
   * `target`'s context, whichever steps it faster where both can (timed: #fasterOf), else the
   * one that can, else the CPU. `fallbackReason` says why each better one was passed over.
   * 'webgpu' requests the device and fails without one; 'gpu' and 'cpu' are createCloth's.
   * @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas | null} [target] for WebGL2 (null: WebGPU or the CPU)
   * @param {import('./index.js').GpuClothOptions} [options]
   * @returns {Promise<Cloth | GpuCloth | WebGpuCloth>}
   */
  async requestCloth(target = null, options = {}) {
    const { backend = 'auto', ...rest } = options ?? {};
    requireBackend(backend);
    if (backend !== 'auto' && backend !== 'webgpu') {
      if (!target && backend === 'gpu') throw new TypeError("nuno: backend 'gpu' (WebGL2) needs a WebGL2 context or canvas as the first argument");
      const { precision, ignoreFloatRenderTargets, debug, ...settings } = rest;
      return target ? this.createCloth(target, options) : this.createCloth(settings);
    }
    // What the WebGPU backend refuses needs no device: 'auto' goes on to WebGL2.
    const refusal = backend === 'auto' ? settingsRefusal(rest, 'webgpu') ?? webGl2OnlyPrecision(rest.precision) : null;
    if (refusal) return this.#withFallback(refusal, target, rest);
    const { device, reason } = await requestWebGpuDevice();
    if (!device) {
      if (backend === 'webgpu') throw new GpuUnsupportedError(`nuno: ${reason}; use backend: 'gpu' (WebGL2) or 'cpu'`);
      return this.#withFallback(`nuno: ${reason}`, target, rest);
    }
    // WebGPU reports a shader or pipeline it cannot build asynchronously: caught here, so 'auto'
    // steps down instead of handing back a cloth that never moves.
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    /** @type {WebGpuCloth | null} */
    let cloth = null;
    let failure = null;
    try {
      cloth = /** @type {WebGpuCloth} */ (this.#makeCloth(device, { ...rest, backend: 'webgpu' }, true));
    } catch (error) {
      failure = error;
    }
    const deviceErrors = [await device.popErrorScope(), await device.popErrorScope()].filter((error) => error !== null);
    if (!failure && deviceErrors.length > 0) {
      cloth?.dispose();
      cloth = null;
      failure = new GpuUnsupportedError(`nuno: the WebGPU passes could not be built on this device (${deviceErrors.map((error) => error.message).join('; ')})`);
    }
    if (cloth) return backend === 'auto' && target ? this.#fasterOf(cloth, target, rest) : cloth;
    device.destroy();
    if (backend === 'auto' && failure instanceof GpuUnsupportedError) return this.#withFallback(failure.message, target, rest);
    throw failure;
  }

  /**
   * requestCloth's 'auto' where WebGL2 could take the cloth too: throwaway cloths of both backends
   * step in turns (backends/gpu/step-trial.js) and the faster backend's cloth is returned, with
   * `trialMsPerStep` saying what each took. WebGL2 is tried in a context of its own, so a canvas
   * given stays free for a WebGPU context when WebGPU wins (a canvas holds one kind of context).
   * The trial only chooses: where it fails, WebGPU is kept, untimed.
   * @param {WebGpuCloth} webGpuCloth made for the caller, with a device of its own
   * @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas} target
   * @param {import('./index.js').GpuClothOptions} options
   * @returns {Promise<WebGpuCloth | GpuCloth | Cloth>}
   */
  async #fasterOf(webGpuCloth, target, options) {
    const trialMsPerStep = await this.#stepTrial(webGpuCloth.device, options);
    if (webGpuCloth.lost) {
      webGpuCloth.dispose();
      return this.#withFallback('nuno: the WebGPU device was lost while requestCloth timed it', target, options);
    }
    const webGl2Cloth = trialMsPerStep && trialMsPerStep.gpu < trialMsPerStep.webgpu ? this.#webGl2ClothOrNull(target, options) : null;
    if (!webGl2Cloth) {
      // WebGPU stepped faster, or could not be timed, or the canvas given holds another kind of context.
      webGpuCloth.trialMsPerStep = trialMsPerStep;
      return webGpuCloth;
    }
    webGpuCloth.dispose();
    webGl2Cloth.trialMsPerStep = trialMsPerStep;
    const { gpu, webgpu } = /** @type {{ webgpu: number, gpu: number }} */ (trialMsPerStep);
    webGl2Cloth.fallbackReason = `nuno: WebGL2 stepped this cloth faster here than WebGPU (${gpu.toPrecision(3)} ms a step against ` +
      `${webgpu.toPrecision(3)}, as requestCloth timed them)`;
    return webGl2Cloth;
  }

  /**
   * Times throwaway cloths of these options on `device` (WebGPU) and in a WebGL2 context of
   * their own, ms a step each; null where WebGL2 cannot run them here or the trial failed.
   * @param {GPUDevice} device
   * @param {import('./index.js').GpuClothOptions} options
   * @returns {Promise<{ webgpu: number, gpu: number } | null>}
   */
  async #stepTrial(device, options) {
    const gl = scratchWebGl2();
    if (!gl) return null;
    /** @type {WebGpuCloth | null} */
    let webGpuTrial = null;
    let webGl2Trial = null;
    try {
      webGpuTrial = /** @type {WebGpuCloth} */ (this.#makeCloth(device, { ...options, backend: 'webgpu' }, false));
      webGl2Trial = this.#webGl2ClothOrNull(gl, options);
      if (!webGl2Trial) return null;
      await webGpuTrial.pipelinesMade();
      const [webgpu, gpu] = await msPerStep([
        { cloth: webGpuTrial, finished: () => device.queue.onSubmittedWorkDone() },
        { cloth: webGl2Trial, finished: () => gpuFinished(gl) },
      ]);
      return { webgpu, gpu };
    } catch {
      return null;
    } finally {
      webGpuTrial?.dispose();
      webGl2Trial?.dispose();
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  }

  /**
   * createCloth's WebGL2 cloth, or null where `target` cannot make one (no WebGL2, a canvas
   * holding another kind of context, a lost context): 'auto' then keeps the WebGPU cloth it has.
   * @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas} target
   * @param {import('./index.js').GpuClothOptions} options
   * @returns {GpuCloth | null}
   */
  #webGl2ClothOrNull(target, options) {
    try {
      return /** @type {GpuCloth} */ (this.createCloth(target, { ...options, backend: 'gpu' }));
    } catch {
      return null;
    }
  }

  /**
   * WebGL2 in `target` (or the CPU without one), saying why WebGPU was passed over.
   * @param {string} webGpuReason
   * @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas | null} target
   * @param {import('./index.js').GpuClothOptions} options
   */
  #withFallback(webGpuReason, target, options) {
    const { precision, ignoreFloatRenderTargets, debug, ...settings } = options;
    const cloth = target ? this.createCloth(target, { ...options, backend: 'auto' }) : this.createCloth(settings);
    const reasons = [webGpuReason, cloth.fallbackReason ?? (target ? null : 'nuno: no WebGL2 context or canvas was given')];
    cloth.fallbackReason = reasons.filter(Boolean).join('; then ');
    return cloth;
  }

  /**
   * `createPatches(settings)` / `createPatches(deviceOrGlOrCanvas, options)`: a sea of independent
   * patches (a sea of papers), made like createCloth and returning the same cloths. The layout
   * (patchesAcross x patchesDown patches of patchColumns x patchRows particles, patchWidth x
   * patchHeight metres) and the poses (scattered from `seed` over scatterCenter +- scatterExtent
   * / 2 with scatterSpeed and scatterSpin, or given per patch) set the grid; every other key is a
   * cloth setting. The patches are tiles of one grid: see `patchCount` and `patchOf`.
   * @param {GPUDevice | WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas | import('./index.js').PatchSettings} [target]
   * @param {import('./index.js').GpuPatchOptions} [options] with a device, context or canvas
   * @returns {Cloth | GpuCloth | WebGpuCloth}
   */
  createPatches(target = {}, options = undefined) {
    if (!isGraphicsTarget(target)) {
      if (options !== undefined) throw new TypeError('nuno: createPatches(settings) takes one argument; pass a GPUDevice, WebGL2 context or canvas first for the GPU');
      return this.createCloth(this.#core.placePatches(target));
    }
    const { backend = 'auto', precision, ignoreFloatRenderTargets, debug, ...patchSettings } = options ?? {};
    const settings = this.#core.placePatches(patchSettings);
    const backendOptions = { backend, precision, ignoreFloatRenderTargets, debug };
    // A WebGPU cloth checks its buffers against the device's limits itself.
    const gl = backend === 'cpu' || isWebGpuDevice(target) ? null : webgl2OrNull(target);
    const tooMany = this.#patchesBeyondTexture(gl, settings);
    if (!tooMany) return this.createCloth(target, { ...backendOptions, ...settings });
    if (backend === 'gpu') throw new GpuUnsupportedError(tooMany);
    const cloth = new Cloth(this.#core, settings);
    cloth.fallbackReason = tooMany;
    return cloth;
  }

  /**
   * How many patches of patchColumns x patchRows particles one cloth can hold: across and down
   * the core's grid limit, and, given a WebGL2 context, this device's MAX_TEXTURE_SIZE (the GPU
   * keeps every patch in one texture). A larger createPatches request fails (the GPU refuses it;
   * 'auto' then runs it on the CPU and says why).
   * @param {number} patchColumns
   * @param {number} patchRows
   * @param {WebGL2RenderingContext} [gl]
   * @returns {import('./index.js').PatchCapacity}
   */
  patchCapacity(patchColumns, patchRows, gl = undefined) {
    for (const [name, value] of /** @type {const} */ ([['patchColumns', patchColumns], ['patchRows', patchRows]])) {
      if (!Number.isInteger(value) || value < 2) throw new Error(`nuno: '${name}' must be an integer of at least 2, got ${shown(value)}`);
    }
    const gridSide = this.#gridSideLimit();
    const side = gl ? Math.min(gridSide, gl.getParameter(gl.MAX_TEXTURE_SIZE)) : gridSide;
    const patchesAcross = Math.floor(side / patchColumns);
    const patchesDown = Math.floor(side / patchRows);
    return { patchesAcross, patchesDown, patches: patchesAcross * patchesDown, gridSide: side };
  }

  #gridSideLimit() {
    return /** @type {import('./index.js').SettingInfo} */ (this.settingsSchema.find(({ name }) => name === 'columns')).high;
  }

  /**
   * Why these patch settings do not fit the device's textures, or null when they do.
   * @param {WebGL2RenderingContext | null} gl
   * @param {{columns: number, rows: number, patchColumns: number, patchRows: number}} settings
   */
  #patchesBeyondTexture(gl, { columns, rows, patchColumns, patchRows }) {
    if (!gl) return null;
    const capacity = this.patchCapacity(patchColumns, patchRows, gl);
    if (columns <= capacity.gridSide && rows <= capacity.gridSide) return null;
    const [name, asked, most] = columns > capacity.gridSide
      ? ['patchesAcross', columns / patchColumns, capacity.patchesAcross]
      : ['patchesDown', rows / patchRows, capacity.patchesDown];
    return `nuno: '${name}' must be at most ${most} here, got ${asked}: the GPU keeps every patch in one texture, and ` +
      `this device's MAX_TEXTURE_SIZE is ${capacity.gridSide} (nuno.patchCapacity says how many fit)`;
  }

  /**
   * The constraint directions in solving order and how each is coloured into two passes:
   * `colour = (start[colourAxis] / colourPeriod) % 2`.
   * @returns {import('./index.js').ConstraintDirection[]}
   */
  get directions() {
    return this.#core.directions();
  }

  /**
   * Every setting as the core declares it (src/settings_schema.hpp): name, kind, range,
   * grid-only or run-time, and the choices of a choice setting.
   * @returns {import('./index.js').SettingInfo[]}
   */
  get settingsSchema() {
    return this.#core.settingsSchema();
  }

  /**
   * The codes and limits the GPU passes share with the core: solver and collider kind codes,
   * the collider limit, vec4s per packed collider, the rest-length layout.
   * @returns {import('./backends/gpu/gpu-constants.js').GpuConstants}
   */
  get gpuConstants() {
    return this.#core.gpuConstants();
  }

  /** Bytes of the wasm heap in use by the core (a diagnostic: dispose() returns them). */
  heapBytesInUse() {
    return this.#core.heapBytesInUse();
  }
}

/** @param {unknown} backend */
function requireBackend(backend) {
  if (!backends.includes(/** @type {string} */ (backend))) {
    throw new Error(`nuno: 'backend' must be one of ${backends.map((name) => `'${name}'`).join(', ')}, got ${shown(backend)}`);
  }
}

/**
 * Why a precision sends 'auto' past WebGPU (whose state is 32-bit float), or null.
 * @param {unknown} precision
 */
function webGl2OnlyPrecision(precision) {
  if (precision === undefined || precision === 'auto' || precision === 'float') return null;
  return `nuno: 'precision' ${shown(precision)} is WebGL2's: the WebGPU backend keeps its state in 32-bit float`;
}

/**
 * @param {unknown} target
 * @returns {target is GPUDevice | WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas}
 */
function isGraphicsTarget(target) {
  return isWebGpuDevice(target) || isWebGl2Context(target) ||
    (typeof target === 'object' && target !== null && typeof (/** @type {any} */ (target).getContext) === 'function');
}

/** @param {unknown} target */
function isWebGl2Context(target) {
  return kindOf(target) === 'WebGL2RenderingContext';
}

/** @param {unknown} target @returns {target is GPUDevice} */
function isWebGpuDevice(target) {
  return kindOf(target) === 'GPUDevice';
}

/**
 * A WebGPU device of this browser's default adapter, or why there is none.
 * @returns {Promise<{device: GPUDevice, reason: null} | {device: null, reason: string}>}
 */
async function requestWebGpuDevice() {
  const gpu = typeof navigator !== 'undefined' ? navigator.gpu : undefined;
  if (!gpu) return { device: null, reason: 'this browser offers no WebGPU (navigator.gpu is missing: WebGPU needs a browser that has it and a secure context, https or http://127.0.0.1)' };
  const adapter = await gpu.requestAdapter().catch(() => null);
  if (!adapter) return { device: null, reason: 'this browser offers WebGPU but found no adapter for this device' };
  try {
    const requiredLimits = tiledSubstepLimits(adapter);
    return { device: await adapter.requestDevice({ label: 'nuno', requiredLimits }), reason: null };
  } catch (error) {
    return { device: null, reason: `the WebGPU adapter gave no device (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * The WebGL2 context of a target (a canvas's is made here, as createCloth would make it), or
 * null where there is none: createCloth then says what is missing.
 * @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas} target
 * @returns {WebGL2RenderingContext | null}
 */
function webgl2OrNull(target) {
  if (isWebGl2Context(target)) return /** @type {WebGL2RenderingContext} */ (target);
  const context = /** @type {HTMLCanvasElement} */ (target).getContext('webgl2');
  return isWebGl2Context(context) ? context : null;
}

/**
 * A WebGL2 context of a canvas of its own, for a trial that leaves the caller's canvas as it was;
 * null where the browser offers neither OffscreenCanvas nor a document, or no WebGL2.
 * @returns {WebGL2RenderingContext | null}
 */
function scratchWebGl2() {
  const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1)
    : typeof document === 'object' ? document.createElement('canvas') : null;
  return canvas ? webgl2OrNull(canvas) : null;
}

/** @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas} target */
function webgl2Of(target) {
  if (isWebGl2Context(target)) return /** @type {WebGL2RenderingContext} */ (target);
  const gl = /** @type {HTMLCanvasElement} */ (target).getContext('webgl2');
  if (!gl) {
    throw new GpuUnsupportedError("nuno: the GPU backend needs WebGL2, which this browser or device does not offer; use backend: 'cpu'");
  }
  return gl;
}
