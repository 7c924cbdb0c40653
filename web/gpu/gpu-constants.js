// The numbers the GPU solver shares with the core (solver and collider kind codes, the
// collider limit, the rest-length layout), read once from the core's tables: as values for the
// JS and as a chunk of #defines that every solver pass is compiled with, so neither writes one
// down (src/bindings/gpu_constants.cpp).

/** @typedef {import('../index.js').GpuConstants} GpuConstants */

/**
 * @typedef {object} GpuTables what the GPU cloth takes from the core besides a set-up cloth
 * @property {readonly import('../index.js').ConstraintDirection[]} directions in solving order
 * @property {GpuConstants} constants
 * @property {string} constantsGlsl the same constants as GLSL #defines
 * @property {string} constantsWgsl the same constants as WGSL consts (the WebGPU backend)
 */

/**
 * @param {any} core the loaded wasm module
 * @returns {GpuTables}
 */
export function gpuTablesOf(core) {
  return { directions: core.directions(), constants: core.gpuConstants(), constantsGlsl: core.gpuConstantsGlsl(), constantsWgsl: core.gpuConstantsWgsl() };
}
