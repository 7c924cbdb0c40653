// Textures of numbers rather than images: made for texelFetch, filled from Float32Arrays (or
// Int32Arrays, for integer formats). The solver's state and the renderer's uploaded CPU
// positions are both kept in them.

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
 * Fills a data texture, or a rectangle of it, from floats (or integers, for an integer format),
 * whatever pixel-store state and pixel unpack buffer the caller left behind (both put back).
 * @param {WebGL2RenderingContext} gl
 * @param {WebGLTexture} texture
 * @param {number} format gl.RED, gl.RGB or gl.RGBA (gl.RGBA_INTEGER for integers): the numbers
 *   per texel in `values`
 * @param {number} columns
 * @param {number} rows
 * @param {Float32Array | Int32Array} values
 * @param {number} [column] where the rectangle starts
 * @param {number} [row]
 */
export function uploadTexels(gl, texture, format, columns, rows, values, column = 0, row = 0) {
  const flipY = gl.getParameter(gl.UNPACK_FLIP_Y_WEBGL);
  const alignment = gl.getParameter(gl.UNPACK_ALIGNMENT);
  // With a pixel unpack buffer bound, texSubImage2D would read from it, not from `values`.
  const callersUnpackBuffer = gl.getParameter(gl.PIXEL_UNPACK_BUFFER_BINDING);
  gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texSubImage2D(gl.TEXTURE_2D, 0, column, row, columns, rows, format, values instanceof Int32Array ? gl.INT : gl.FLOAT, values);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, flipY);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, alignment);
  gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, callersUnpackBuffer);
}
