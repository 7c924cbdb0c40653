// A per-particle vector (position, velocity) stored in textures of columns x rows texels: one
// texture on the float path, a high and a low texture on the split half path.

/** @typedef {import('./capabilities.js').StatePrecision} StatePrecision */

/**
 * @typedef {object} VectorField
 * @property {WebGLTexture} high the value (float path), or its part rounded to half precision
 * @property {WebGLTexture | null} low the remainder on the split half path, else null
 */

/**
 * An RGBA texture sampled with texelFetch only (no filtering, so float formats need no extension).
 * @param {WebGL2RenderingContext} gl
 * @param {number} internalFormat e.g. gl.RGBA32F
 * @param {number} columns
 * @param {number} rows
 * @returns {WebGLTexture}
 */
export function createDataTexture(gl, internalFormat, columns, rows) {
  const texture = /** @type {WebGLTexture} */ (gl.createTexture());
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texStorage2D(gl.TEXTURE_2D, 1, internalFormat, columns, rows);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return texture;
}

/**
 * Fills a data texture, or a rectangle of it, from floats, whatever pixel-store state the
 * caller left behind.
 * @param {WebGL2RenderingContext} gl
 * @param {WebGLTexture} texture
 * @param {number} format gl.RED, gl.RGB or gl.RGBA: the floats per texel in `values`
 * @param {number} columns
 * @param {number} rows
 * @param {Float32Array} values
 * @param {number} [column] where the rectangle starts
 * @param {number} [row]
 */
export function uploadFloats(gl, texture, format, columns, rows, values, column = 0, row = 0) {
  const flipY = gl.getParameter(gl.UNPACK_FLIP_Y_WEBGL);
  const alignment = gl.getParameter(gl.UNPACK_ALIGNMENT);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texSubImage2D(gl.TEXTURE_2D, 0, column, row, columns, rows, format, gl.FLOAT, values);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, flipY);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, alignment);
}

/**
 * The render-target format of state textures at this precision.
 * @param {WebGL2RenderingContext} gl
 * @param {StatePrecision} precision
 */
export function stateFormat(gl, precision) {
  return precision === 'float' ? gl.RGBA32F : gl.RGBA16F;
}

/**
 * @param {WebGL2RenderingContext} gl
 * @param {StatePrecision} precision
 * @param {number} columns
 * @param {number} rows
 * @returns {VectorField}
 */
export function createVectorField(gl, precision, columns, rows) {
  const format = stateFormat(gl, precision);
  return {
    high: createDataTexture(gl, format, columns, rows),
    low: precision === 'half' ? createDataTexture(gl, format, columns, rows) : null,
  };
}

/**
 * The textures a field writes to, in render-target order.
 * @param {VectorField} field
 * @returns {WebGLTexture[]}
 */
export function targetsOf(field) {
  return field.low ? [field.high, field.low] : [field.high];
}

/**
 * @param {WebGL2RenderingContext} gl
 * @param {VectorField} field
 */
export function deleteVectorField(gl, field) {
  gl.deleteTexture(field.high);
  if (field.low) gl.deleteTexture(field.low);
}
