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
   * `createPatches(settings)` / `createPatches(glOrCanvas, options)`: a sea of independent
   * patches (seed 003's papers), made like createCloth and returning the same cloths. The layout
   * (patchesAcross x patchesDown patches of patchColumns x patchRows particles, patchWidth x
   * patchHeight metres) and the poses (scattered from `seed` over scatterCenter +- scatterExtent
   * / 2 with scatterSpeed and scatterSpin, or given per patch) set the grid; every other key is a
   * cloth setting. The patches are tiles of one grid: see `patchCount` and `patchOf`.
   * @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas | import('./index.js').PatchSettings} [target]
   * @param {import('./index.js').GpuPatchOptions} [options] with a context or canvas
   * @returns {Cloth | GpuCloth}
   */
  createPatches(target = {}, options = undefined) {
    if (!isGraphicsTarget(target)) {
      if (options !== undefined) throw new TypeError('nuno: createPatches(settings) takes one argument; pass a WebGL2 context or canvas first for the GPU');
      return this.createCloth(this.#core.placePatches(target));
    }
    const { backend = 'auto', precision, ignoreFloatRenderTargets, debug, ...patchSettings } = options ?? {};
    const settings = this.#core.placePatches(patchSettings);
    const backendOptions = { backend, precision, ignoreFloatRenderTargets, debug };
    const tooMany = backend === 'cpu' ? null : this.#patchesBeyondTexture(webgl2OrNull(target), settings);
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

/**
 * The WebGL2 context of a target (a canvas's is made here, as createCloth would make it), or
 * null where there is none: createCloth then says what is missing.
 * @param {WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas} target
 * @returns {WebGL2RenderingContext | null}
 */
function webgl2OrNull(target) {
  if (typeof WebGL2RenderingContext !== 'undefined' && target instanceof WebGL2RenderingContext) return target;
  const context = /** @type {HTMLCanvasElement} */ (target).getContext('webgl2');
  return context instanceof WebGL2RenderingContext ? context : null;
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
