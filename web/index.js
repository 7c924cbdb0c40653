// nuno: real-time cloth for the web. The public entry point of the package.
import createNunoCore from '../dist/nuno-core.mjs';
import { shown } from './arguments.js';
import { Cloth } from './cloth.js';
import { GpuUnsupportedError, gpuCapabilities } from './gpu/capabilities.js';
import { GpuCloth } from './gpu/gpu-cloth.js';
import { gpuTablesOf } from './gpu/gpu-constants.js';

export { Cloth } from './cloth.js';
export { GpuUnsupportedError } from './gpu/capabilities.js';
export { GpuCloth } from './gpu/gpu-cloth.js';
export { nearestParticleToRay } from './picking.js';
export { ClothRenderer } from './render/cloth-renderer.js';

const backends = ['auto', 'gpu', 'cpu'];

/**
 * @typedef {object} LoadOptions
 * @property {URL | string} [wasmUrl] Where nuno-core.wasm is, when a bundler or server moved it.
 * @property {ArrayBuffer | Uint8Array} [wasmBinary] The module's bytes, when the caller has them.
 */

/**
 * Loads the WebAssembly core. In browsers and workers the wasm is fetched from beside this
 * module (bundlers copy it because of the `new URL(..., import.meta.url)` form); in Node it is
 * read from disk.
 * @param {LoadOptions} [options]
 * @returns {Promise<Nuno>}
 */
export async function loadNuno(options = {}) {
  const wasmUrl = new URL(options.wasmUrl ?? new URL('../dist/nuno-core.wasm', import.meta.url), import.meta.url);
  const wasmBinary = options.wasmBinary ?? (wasmUrl.protocol === 'file:' ? await readFileBytes(wasmUrl) : undefined);
  const core = await createNunoCore({
    wasmBinary,
    locateFile: (file) => (file.endsWith('.wasm') ? wasmUrl.href : file),
  });
  return new Nuno(core);
}

/** The loaded core: makes cloths. */
export class Nuno {
  /** @type {any} */
  #core;
  /** @type {import('./gpu/gpu-constants.js').GpuTables | null} read from the core at the first GPU cloth */
  #gpuTables = null;

  /** @param {any} core the Emscripten module */
  constructor(core) {
    this.#core = core;
  }

  /**
   * `createCloth(settings)`: a cloth simulated on the CPU (WebAssembly), anywhere.
   * `createCloth(glOrCanvas, settings)`: with `backend` 'gpu' a cloth simulated by WebGL2 passes
   * in that context, with 'cpu' the CPU cloth, with 'auto' (the default) the GPU cloth where the
   * device can run it and else the CPU cloth, whose `fallbackReason` then says why.
   * @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas | import('./index.js').ClothSettings} [target]
   * @param {import('./index.js').GpuClothOptions} [options] with a context or canvas
   * @returns {Cloth | GpuCloth}
   */
  createCloth(target = {}, options = undefined) {
    if (!isGraphicsTarget(target)) {
      if (options !== undefined) throw new TypeError('nuno: createCloth(settings) takes one argument; pass a WebGL2 context or canvas first for the GPU');
      return new Cloth(this.#core, /** @type {import('./index.js').ClothSettings} */ (target));
    }
    const { backend = 'auto', precision = 'auto', ignoreFloatRenderTargets = false, debug = false, ...settings } = options ?? {};
    if (!backends.includes(backend)) {
      throw new Error(`nuno: 'backend' must be one of 'auto', 'gpu', 'cpu', got '${backend}'`);
    }
    if (typeof debug !== 'boolean') throw new Error(`nuno: 'debug' must be true or false, got ${shown(debug)}`);
    if (backend === 'cpu') return new Cloth(this.#core, settings);
    const setup = new Cloth(this.#core, settings);
    try {
      const gl = webgl2Of(target);
      const { precision: chosen } = gpuCapabilities(gl, setup, precision, ignoreFloatRenderTargets);
      this.#gpuTables ??= gpuTablesOf(this.#core);
      return new GpuCloth(gl, setup, this.#gpuTables, chosen, debug);
    } catch (error) {
      if (backend === 'auto' && error instanceof GpuUnsupportedError) {
        setup.fallbackReason = error.message;
        return setup;
      }
      setup.dispose();
      throw error;
    }
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
   * @returns {import('./gpu/gpu-constants.js').GpuConstants}
   */
  get gpuConstants() {
    return this.#core.gpuConstants();
  }

  /** Bytes of the wasm heap in use by the core (a diagnostic: dispose() returns them). */
  heapBytesInUse() {
    return this.#core.heapBytesInUse();
  }
}

/**
 * @param {unknown} target
 * @returns {target is WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas}
 */
function isGraphicsTarget(target) {
  return (typeof WebGL2RenderingContext !== 'undefined' && target instanceof WebGL2RenderingContext) ||
    (typeof target === 'object' && target !== null && typeof (/** @type {any} */ (target).getContext) === 'function');
}

/** @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas} target */
function webgl2Of(target) {
  if (typeof WebGL2RenderingContext !== 'undefined' && target instanceof WebGL2RenderingContext) return target;
  const gl = /** @type {HTMLCanvasElement} */ (target).getContext('webgl2');
  if (!gl) {
    throw new GpuUnsupportedError("nuno: the GPU backend needs WebGL2, which this browser or device does not offer; use backend: 'cpu'");
  }
  return gl;
}

/** @param {URL} url */
async function readFileBytes(url) {
  // Kept out of bundlers' sight: only Node reaches this branch.
  const fsModule = 'node:fs/promises';
  const { readFile } = await import(/* @vite-ignore */ fsModule);
  return readFile(url);
}
