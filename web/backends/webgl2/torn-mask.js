// The WebGL2 cloth's torn mask: an R8UI texture of columns x rows texels, bit d of a particle's
// texel set when the constraint it starts in direction d (Right, Down, DiagonalDown, DiagonalUp)
// has torn (shaders/webgl2/torn-constraints.glsl). The tear pass reads one texture and writes the
// other, which then becomes the mask; cleared by reset(). A lost context loses it with the rest of
// the state: restore() starts the cloth mended.
import { createDataTexture } from '../../gl/data-texture.js';
import { gpuFinished } from './solver-gl-state.js';

/** @typedef {import('./framebuffers.js').FramebufferCache} FramebufferCache */

export class TornMask {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {FramebufferCache} */
  #framebuffers;
  #columns;
  #rows;
  /** @type {WebGLTexture[]} two, ping-ponged by the tear pass */
  #textures;
  #current = 0;
  /**
   * Whether the mask may hold a tear: a tear pass ran since it was last cleared. Until then the
   * solver's passes read no mask (they run their variants without TEARING).
   */
  mayHoldTears = false;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {FramebufferCache} framebuffers the cloth's
   * @param {number} columns
   * @param {number} rows
   */
  constructor(gl, framebuffers, columns, rows) {
    this.#gl = gl;
    this.#framebuffers = framebuffers;
    this.#columns = columns;
    this.#rows = rows;
    // WebGL zeroes a texture's storage: both start mended.
    this.#textures = [0, 1].map(() => createDataTexture(gl, gl.R8UI, columns, rows));
  }

  /** The mask now, for the passes and the renderer. */
  get texture() {
    return this.#textures[this.#current];
  }

  /**
   * The mask a tear pass reads and the texture it writes, which is the mask from then on.
   * @returns {[WebGLTexture, WebGLTexture]}
   */
  swap() {
    const read = this.#current;
    this.#current = 1 - read;
    this.mayHoldTears = true;
    return [this.#textures[read], this.#textures[this.#current]];
  }

  /** Every constraint mended. Run in the solver's GL state. */
  clear() {
    const gl = this.#gl;
    this.#framebuffers.bind([this.texture]);
    gl.clearBufferuiv(gl.COLOR, 0, [0, 0, 0, 0]);
    this.mayHoldTears = false;
  }

  /**
   * A copy of the mask, a byte per particle, read through a pixel buffer once a fence says the GPU
   * is done (the page never stalls on it).
   * @param {(read: () => void) => void} inSolverState runs `read` in the solver's GL state
   * @returns {Promise<Uint8Array>}
   */
  async read(inSolverState) {
    const gl = this.#gl;
    const count = this.#columns * this.#rows;
    // RGBA_INTEGER with UNSIGNED_INT is the read every unsigned integer target supports.
    const bytes = count * 4 * Uint32Array.BYTES_PER_ELEMENT;
    const buffer = /** @type {WebGLBuffer} */ (gl.createBuffer());
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
    gl.bufferData(gl.PIXEL_PACK_BUFFER, bytes, gl.STREAM_READ);
    inSolverState(() => {
      this.#framebuffers.bind([this.texture]);
      gl.readPixels(0, 0, this.#columns, this.#rows, gl.RGBA_INTEGER, gl.UNSIGNED_INT, 0);
    });
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
    try {
      await gpuFinished(gl);
      const texels = new Uint32Array(count * 4);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
      gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, texels);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
      return Uint8Array.from({ length: count }, (_, particle) => texels[4 * particle]);
    } finally {
      gl.deleteBuffer(buffer);
    }
  }

  /** Bytes of texture memory per particle: the two textures' byte each. */
  get bytesPerParticle() {
    return 2;
  }

  dispose() {
    for (const texture of this.#textures) this.#gl.deleteTexture(texture);
  }
}
