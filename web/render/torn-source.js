// Where the cloth renderer reads which constraints have torn (a byte per particle, bit d for the
// constraint the particle starts in direction d): the WebGL2 cloth's own mask texture, or, for the
// CPU cloth, an R8UI texture this source fills from `cloth.tornMask` once a frame. A cloth with
// neither (a WebGPU cloth's read-back positions) is drawn whole, from a mask of zeros.

/** @typedef {import('./cloth-renderer.js').DrawableCloth} DrawableCloth */

/** The texture unit the cloth program reads the mask on (position-source.js holds 0 and 1). */
const tornUnit = 2;

export class TornSource {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {DrawableCloth} */
  #cloth;
  /** @type {WebGLTexture | null} the CPU cloth's upload target, or the zeros of a cloth without a mask */
  #uploaded = null;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {DrawableCloth} cloth
   */
  constructor(gl, cloth) {
    this.#gl = gl;
    this.#cloth = cloth;
    if (cloth.backend === 'gpu') return;
    const texture = /** @type {WebGLTexture} */ (gl.createTexture());
    gl.bindTexture(gl.TEXTURE_2D, texture);
    // WebGL zeroes new storage: a cloth without a mask is never torn.
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.R8UI, cloth.columns, cloth.rows);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    this.#uploaded = texture;
  }

  /**
   * Binds this frame's mask for the cloth program as uTorn. The WebGL2 cloth ping-pongs its mask,
   * so it is looked up again every frame.
   * @param {Record<string, WebGLUniformLocation>} uniforms of the bound program
   */
  bind(uniforms) {
    const gl = this.#gl;
    const cloth = this.#cloth;
    // The upload binds the texture too: on this unit, not over the positions'.
    gl.activeTexture(gl.TEXTURE0 + tornUnit);
    let texture = /** @type {WebGLTexture} */ (this.#uploaded);
    if (cloth.backend === 'gpu') texture = /** @type {WebGLTexture} */ (cloth.tornTexture);
    else if (cloth.tornMask) this.#upload(cloth.tornMask);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.uniform1i(uniforms.uTorn, tornUnit);
  }

  /**
   * The CPU cloth's mask into its texture, whatever pixel-store state and unpack buffer the
   * caller left behind (both put back).
   * @param {Uint8Array} mask a byte per particle
   */
  #upload(mask) {
    const gl = this.#gl;
    const alignment = gl.getParameter(gl.UNPACK_ALIGNMENT);
    const flipY = gl.getParameter(gl.UNPACK_FLIP_Y_WEBGL);
    const callersUnpackBuffer = gl.getParameter(gl.PIXEL_UNPACK_BUFFER_BINDING);
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
    // Rows of a byte per texel are packed: any width is a whole row.
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.bindTexture(gl.TEXTURE_2D, this.#uploaded);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, this.#cloth.columns, this.#cloth.rows, gl.RED_INTEGER, gl.UNSIGNED_BYTE, mask);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, alignment);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, flipY);
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, callersUnpackBuffer);
  }

  dispose() {
    if (this.#uploaded) this.#gl.deleteTexture(this.#uploaded);
  }
}
