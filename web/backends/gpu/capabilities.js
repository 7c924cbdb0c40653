// What this WebGL2 device can do for the GPU solver, and which state precision follows.

/**
 * How particle state is stored:
 * - 'float': RGBA32F render targets (EXT_color_buffer_float);
 * - 'half': RGBA16F render targets (EXT_color_buffer_half_float), each vector split into a
 *   high and a low half so it keeps about 22 bits of mantissa;
 * - 'half-unsplit': one RGBA16F per vector. Only for comparisons: it shows why the split exists.
 * @typedef {'float' | 'half' | 'half-unsplit'} StatePrecision
 */

/** @typedef {'auto' | StatePrecision} PrecisionRequest */

/**
 * @typedef {object} GpuCapabilities
 * @property {StatePrecision} precision
 * @property {number} maxTextureSize
 */

const precisions = ['auto', 'float', 'half', 'half-unsplit'];

/** The device cannot run the GPU solver; `backend: 'auto'` falls back to the CPU on this error. */
export class GpuUnsupportedError extends Error {
  name = 'GpuUnsupportedError';
}

/**
 * Turns on rendering to float and half-float textures where the device offers it. Extensions
 * belong to a context: after a lost context is restored they must be asked for again.
 * @param {WebGL2RenderingContext} gl
 */
export function enableFloatRenderTargets(gl) {
  gl.getExtension('EXT_color_buffer_float');
  gl.getExtension('EXT_color_buffer_half_float');
}

/**
 * Checks the device against a cloth's needs and picks the state precision: float where float
 * render targets exist, else split half. Throws an Error naming what is missing.
 * @param {WebGL2RenderingContext} gl
 * @param {{columns: number, rows: number}} grid
 * @param {PrecisionRequest} requested
 * @param {boolean} ignoreFloatRenderTargets behave as a device without EXT_color_buffer_float
 *   (as many phones are), to test the half path where float targets exist
 * @returns {GpuCapabilities}
 */
export function gpuCapabilities(gl, grid, requested, ignoreFloatRenderTargets) {
  if (!precisions.includes(requested)) {
    throw new Error(`nuno: 'precision' must be one of ${precisions.map((p) => `'${p}'`).join(', ')}, got '${requested}'`);
  }
  const maxTextureSize = gl.getParameter(gl.MAX_TEXTURE_SIZE);
  if (grid.columns > maxTextureSize || grid.rows > maxTextureSize) {
    throw new GpuUnsupportedError(`nuno: a ${grid.columns} x ${grid.rows} cloth needs a texture that large, but this ` +
      `device's MAX_TEXTURE_SIZE is ${maxTextureSize}; use at most ${maxTextureSize} columns and rows, or backend: 'cpu'`);
  }
  const hasFloat = !ignoreFloatRenderTargets && gl.getExtension('EXT_color_buffer_float') !== null;
  const hasHalf = gl.getExtension('EXT_color_buffer_half_float') !== null || hasFloat;
  if (requested === 'float' && !hasFloat) {
    throw new GpuUnsupportedError("nuno: precision 'float' needs float render targets (EXT_color_buffer_float), which this " +
      "device lacks; use precision: 'half' or 'auto'");
  }
  if (!hasFloat && !hasHalf) {
    throw new GpuUnsupportedError('nuno: the GPU backend needs float or half-float render targets (EXT_color_buffer_float or ' +
      "EXT_color_buffer_half_float), which this device lacks; use backend: 'cpu'");
  }
  const precision = requested === 'auto' ? (hasFloat ? 'float' : 'half') : requested;
  return { precision, maxTextureSize };
}
