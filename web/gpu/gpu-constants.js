// The numbers the GPU solver shares with the core (solver and collider kind codes, the
// collider limit, the rest-length layout), read once from the core's tables: as values for the
// JS and as a chunk of #defines that every solver pass is compiled with, so neither writes one
// down (src/bindings/gpu_constants.cpp).

/**
 * @typedef {object} GpuConstants
 * @property {Record<'mass-spring' | 'pbd' | 'xpbd', number>} solverKinds uSolver's codes
 * @property {Record<import('../index.js').ColliderDescription['type'], number>} colliderKinds uColliderType's codes
 * @property {number} maxColliders the collide pass's uniform arrays hold this many
 * @property {number} colliderShapeVec4s vec4s per collider in uColliderShape
 * @property {number} directionCount constraint directions
 * @property {number} restLengthsPerParticle floats per particle in `restLengthsByDirection`
 * @property {number} restLengthChannels rest lengths per texel (RGBA)
 * @property {number} restLengthTextures textures the rest lengths are spread over
 */

/**
 * @typedef {object} GpuTables what the GPU cloth takes from the core besides a set-up cloth
 * @property {readonly import('../index.js').ConstraintDirection[]} directions in solving order
 * @property {GpuConstants} constants
 * @property {string} constantsGlsl the same constants as GLSL #defines
 */

/**
 * @param {any} core the loaded wasm module
 * @returns {GpuTables}
 */
export function gpuTablesOf(core) {
  return { directions: core.directions(), constants: core.gpuConstants(), constantsGlsl: core.gpuConstantsGlsl() };
}
