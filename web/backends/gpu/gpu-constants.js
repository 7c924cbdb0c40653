// The numbers the GPU solver shares with the core (solver and collider kind codes, the
// collider limit, the rest-length layout), read once from the core's tables: as values for the
// JS and as a chunk of #defines that every solver pass is compiled with, so neither writes one
// down (src/bindings/gpu_constants.cpp).

import { uniformLayouts, uniformStructsGlsl, uniformsWgsl } from '../../../dist/gpu-uniforms.js';

/** @typedef {import('../../index.js').GpuConstants} GpuConstants */

/**
 * @typedef {object} GpuTables what the GPU cloths take from the core besides their model
 * @property {readonly import('../../index.js').ConstraintDirection[]} directions in solving order
 * @property {GpuConstants} constants
 * @property {string} constantsGlsl the same constants as GLSL #defines
 * @property {string} constantsWgsl the same constants as WGSL consts (the WebGPU backend)
 * @property {string} uniformsWgsl the WebGPU passes' uniform structs, generated from the core's table at build time
 * @property {{Substep: string, Stage: string}} uniformStructsGlsl the same structs in GLSL, as uniforms of struct type, for the WebGL2 passes
 * @property {{substep: UniformLayout, stage: UniformLayout}} uniformLayouts where each of their fields is
 */

/**
 * @typedef {object} UniformField where one field of a uniform struct is (src/tools/gpu_uniforms.cpp)
 * @property {number} offset bytes from the struct's start
 * @property {'f32' | 'u32' | 'i32'} scalar
 * @property {number} components per value: 1 to 4
 * @property {number} length array length, 0 for one value
 * @property {boolean} setting named as the settings name it, and written from them
 */

/** @typedef {{bytes: number, fields: Record<string, UniformField>}} UniformLayout */

/**
 * @param {any} core the loaded wasm module
 * @returns {GpuTables}
 */
export function gpuTablesOf(core) {
  return {
    directions: core.directions(), constants: core.gpuConstants(), constantsGlsl: core.gpuConstantsGlsl(),
    constantsWgsl: core.gpuConstantsWgsl(), uniformsWgsl, uniformStructsGlsl, uniformLayouts,
  };
}
