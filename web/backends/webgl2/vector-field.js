// A per-particle vector (position, velocity) stored in textures of columns x rows texels: one
// texture on the float path, a high and a low texture on the split half path.
import { createDataTexture } from '../../gl/data-texture.js';

/** @typedef {import('../gpu/capabilities.js').StatePrecision} StatePrecision */

/**
 * @typedef {object} VectorField
 * @property {WebGLTexture} high the value (float path), or its part rounded to half precision
 * @property {WebGLTexture | null} low the remainder on the split half path, else null
 */

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
