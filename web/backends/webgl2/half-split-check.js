// The start-up check of the split half-float state (shaders/webgl2/solver-state.glsl). A device's
// shader compiler or render targets can break the split in ways no extension query reveals
// (NVIDIA's compiler folded an earlier version of it, leaving the low half at zero), so before
// a cloth runs on the half path, known values go through the solver's own write and are read
// back: where they do not come back within the split's precision, the GPU is not used.
import { addXyzOfTexels } from './solver-gl-state.js';
import { targetsOf } from './vector-field.js';

/** @typedef {import('./state-textures.js').StateTextures} StateTextures */
/** @typedef {import('./framebuffers.js').FramebufferCache} FramebufferCache */

/**
 * Values of every sign and of magnitudes from micrometres to kilometres, none of them
 * representable in half precision (each has all of float's mantissa bits in use).
 * @param {number} count
 * @returns {Float32Array}
 */
export function halfSplitProbeValues(count) {
  const values = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const exponent = (i % 10) - 6; // 1e-6 ... 1e3
    values[i] = (i % 2 === 0 ? 1 : -1) * (Math.PI / 3) * 10 ** exponent * (1 + i / 97);
  }
  return values;
}

// high + low is within 2^-22 of the value relative to its size, and within half a subnormal
// half (2^-25) of it below half's normal range; twice that is allowed.
const relativeTolerance = 2 ** -21;
const absoluteTolerance = 2 ** -24;

/**
 * Compares what came back with what was written.
 * @param {Float32Array} written xyz per texel
 * @param {Float32Array} readBack the same vectors as stored (high + low)
 * @returns {string | null} what went wrong, or null when every value survived
 */
export function halfSplitMismatch(written, readBack) {
  let worst = null;
  let worstExcess = 0;
  for (let i = 0; i < written.length; i++) {
    const error = Math.abs(readBack[i] - written[i]);
    const allowed = Math.abs(written[i]) * relativeTolerance + absoluteTolerance;
    if (!(error <= allowed) && !(error / allowed <= worstExcess)) {
      worstExcess = error / allowed;
      worst = i;
    }
  }
  if (worst === null) return null;
  return `the split half-float state does not keep its precision on this device: ${written[worst]} came back ` +
    `as ${readBack[worst]}`;
}

/**
 * Writes the probe values through the load pass (the state write every pass shares) into a
 * field not yet in use, a few texels, and reads them back at once. Run in the solver's GL state.
 * @param {WebGL2RenderingContext} gl
 * @param {StateTextures} textures
 * @param {FramebufferCache} framebuffers
 * @param {number} columns of the fields
 * @param {number} rows
 * @returns {string | null} what did not survive, or null
 */
export function halfSplitProbe(gl, textures, framebuffers, columns, rows) {
  const width = Math.min(columns, 4);
  const height = Math.min(rows, 2);
  const written = halfSplitProbeValues(width * height * 3);
  const scratch = textures.velocities[1];
  const readBack = new Float32Array(written.length);
  const texels = new Float32Array(width * height * 4);
  textures.load(scratch, written, [0, 0, width, height]);
  for (const texture of targetsOf(scratch)) {
    framebuffers.bind([texture]);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.FLOAT, texels);
    addXyzOfTexels(texels, readBack);
  }
  return halfSplitMismatch(written, readBack);
}
