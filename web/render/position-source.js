// Where the cloth renderer fetches particle positions from: the GPU cloth's own state textures,
// or, for the CPU cloth, a texture this source fills from the wasm positions once a frame.
import { createDataTexture, uploadTexels } from '../gl/data-texture.js';

/** @typedef {import('./cloth-renderer.js').DrawableCloth} DrawableCloth */

export class PositionSource {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {DrawableCloth} */
  #cloth;
  /** @type {WebGLTexture | null} the CPU cloth's upload target */
  #uploaded = null;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {DrawableCloth} cloth
   */
  constructor(gl, cloth) {
    const maxTextureSize = gl.getParameter(gl.MAX_TEXTURE_SIZE);
    if (cloth.columns > maxTextureSize || cloth.rows > maxTextureSize) {
      throw new Error(`nuno: drawing a ${cloth.columns} x ${cloth.rows} cloth needs a texture that large, but this ` +
        `device's MAX_TEXTURE_SIZE is ${maxTextureSize}`);
    }
    this.#gl = gl;
    this.#cloth = cloth;
    if (cloth.backend !== 'gpu') this.#uploaded = createDataTexture(gl, gl.RGB32F, cloth.columns, cloth.rows);
  }

  /**
   * Binds this frame's positions for the cloth program: uPositions (and uPositionResiduals on
   * the split half path) on texture units 0 and 1. The GPU cloth ping-pongs its textures, so
   * they are looked up again every frame.
   * @param {Record<string, WebGLUniformLocation>} uniforms of the bound program
   */
  bind(uniforms) {
    const gl = this.#gl;
    const cloth = this.#cloth;
    let positions;
    let residuals = null;
    if (this.#uploaded) {
      uploadTexels(gl, this.#uploaded, gl.RGB, cloth.columns, cloth.rows, /** @type {Float32Array} */ (cloth.positions));
      positions = this.#uploaded;
    } else {
      positions = /** @type {WebGLTexture} */ (cloth.positionTexture);
      residuals = cloth.positionResidualTexture ?? null;
    }
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, positions);
    // Without residuals the sampler still needs a valid texture; the shader does not read it.
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, residuals ?? positions);
    gl.uniform1i(uniforms.uPositions, 0);
    gl.uniform1i(uniforms.uPositionResiduals, 1);
    gl.uniform1i(uniforms.uHasResiduals, residuals ? 1 : 0);
  }

  dispose() {
    if (this.#uploaded) this.#gl.deleteTexture(this.#uploaded);
  }
}
