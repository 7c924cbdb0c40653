// Self-collision's fastest approach, read back for the substeps of the steps after it
// (ClothModel::substepsFor). The collide pass writes, for each particle, the fastest it and
// another within reach approach (its float's bits, an R32UI texel per particle) in its last
// substep. After a step, unless a read is under way, this pass draws every particle as a point
// onto one texel at a depth that grows with that speed (the depth test keeps the fastest) and
// copies the texel into a pixel buffer; a fence says when the GPU got there, and `fastest` then
// takes it. The page never waits: steps before that go by the speed before.
import { approachMaxFrag, approachMaxVert, solverState } from '../../../dist/shaders.js';
import { checkedUniforms } from '../../gl/checked-uniforms.js';
import { createProgram } from '../../gl/program.js';
import { solverHeader } from './solver-pass.js';

export class ApproachPass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #program;
  /** @type {import('../../gl/checked-uniforms.js').UniformLocations} */
  #uniforms;
  /** @type {WebGLTexture} an R32UI texel per particle, written by the collide pass */
  texture;
  /** @type {WebGLTexture} the one texel the fastest ends in */
  #fastestTexel;
  #depth;
  #framebuffer;
  /**
   * The read under way: the pixel buffer the texel is copied into (a new one each time, as
   * Chromium warns when a read buffer is written again after a fence) and its fence.
   * @type {{ pixels: WebGLBuffer, fence: WebGLSync } | null}
   */
  #reading = null;
  #particleCount;
  /** @type {[number, number]} */
  #gridSize;
  #fastest = 0;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   */
  constructor(gl, options) {
    const { columns, rows, debug } = options;
    this.#gl = gl;
    this.#particleCount = columns * rows;
    this.#gridSize = [columns, rows];
    const header = solverHeader(options);
    const program = createProgram(gl, 'self-collision approach', [header, solverState, approachMaxVert].join('\n'), [header, approachMaxFrag].join('\n'));
    this.#program = program.program;
    this.#uniforms = checkedUniforms(program, 'self-collision approach', ['uApproach', 'uGridSize'], [], debug);
    this.texture = integerTexture(gl, columns, rows);
    this.#fastestTexel = integerTexture(gl, 1, 1);
    this.#depth = /** @type {WebGLRenderbuffer} */ (gl.createRenderbuffer());
    const callersRenderbuffer = gl.getParameter(gl.RENDERBUFFER_BINDING);
    gl.bindRenderbuffer(gl.RENDERBUFFER, this.#depth);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT32F, 1, 1);
    gl.bindRenderbuffer(gl.RENDERBUFFER, callersRenderbuffer);
    this.#framebuffer = /** @type {WebGLFramebuffer} */ (gl.createFramebuffer());
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.#framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.#fastestTexel, 0);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, this.#depth);
    const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
    if (status !== gl.FRAMEBUFFER_COMPLETE) {
      this.dispose();
      throw new Error(`nuno: this device cannot render self-collision's approach speeds (framebuffer status 0x${status.toString(16)})`);
    }
  }

  /**
   * The fastest approach the last finished read found, m/s (0 before any): taken from the pixel
   * buffer once the fence of the read says the GPU got there.
   */
  get fastest() {
    const gl = this.#gl;
    const reading = this.#reading;
    if (reading && gl.clientWaitSync(reading.fence, 0, 0) !== gl.TIMEOUT_EXPIRED) {
      this.#reading = null;
      const texel = new Uint32Array(4);
      const callersBuffer = gl.getParameter(gl.PIXEL_PACK_BUFFER_BINDING);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, reading.pixels);
      gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, texel);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, callersBuffer);
      deleteReading(gl, reading);
      const fastest = new Float32Array(texel.buffer)[0];
      // An infinite speed (a cloth gone non-finite) takes the most substeps.
      this.#fastest = Number.isFinite(fastest) ? fastest : Number.MAX_VALUE;
    }
    return this.#fastest;
  }

  /**
   * Starts a read of the fastest approach the collide pass wrote, unless one is under way. Run
   * in the solver's GL state after a step; leaves the viewport and depth test as the solver
   * passes want them (the grid's size, off) and the depth mask and function as it found them.
   */
  run() {
    const gl = this.#gl;
    if (this.#reading) return;
    gl.useProgram(this.#program);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.uniform1i(this.#uniforms.uApproach, 0);
    gl.uniform2i(this.#uniforms.uGridSize, this.#gridSize[0], this.#gridSize[1]);
    const depthMask = gl.getParameter(gl.DEPTH_WRITEMASK);
    const depthFunc = gl.getParameter(gl.DEPTH_FUNC);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.#framebuffer);
    gl.viewport(0, 0, 1, 1);
    gl.enable(gl.DEPTH_TEST);
    gl.depthMask(true);
    gl.depthFunc(gl.GREATER);
    gl.clearBufferuiv(gl.COLOR, 0, [0, 0, 0, 0]);
    gl.clearBufferfv(gl.DEPTH, 0, [0]);
    gl.drawArrays(gl.POINTS, 0, this.#particleCount);
    const pixels = /** @type {WebGLBuffer} */ (gl.createBuffer());
    const callersBuffer = gl.getParameter(gl.PIXEL_PACK_BUFFER_BINDING);
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, pixels);
    gl.bufferData(gl.PIXEL_PACK_BUFFER, 16, gl.STREAM_READ);
    gl.readPixels(0, 0, 1, 1, gl.RGBA_INTEGER, gl.UNSIGNED_INT, 0);
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, callersBuffer);
    this.#reading = { pixels, fence: /** @type {WebGLSync} */ (gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0)) };
    gl.disable(gl.DEPTH_TEST);
    gl.depthMask(depthMask);
    gl.depthFunc(depthFunc);
    gl.viewport(0, 0, this.#gridSize[0], this.#gridSize[1]);
  }

  /** Forgets the speed and the read under way: the state went back to rest. */
  forget() {
    if (this.#reading) deleteReading(this.#gl, this.#reading);
    this.#reading = null;
    this.#fastest = 0;
  }

  dispose() {
    const gl = this.#gl;
    gl.deleteProgram(this.#program);
    gl.deleteTexture(this.texture);
    gl.deleteTexture(this.#fastestTexel);
    gl.deleteRenderbuffer(this.#depth);
    gl.deleteFramebuffer(this.#framebuffer);
    this.forget();
  }
}

/**
 * @param {WebGL2RenderingContext} gl
 * @param {{ pixels: WebGLBuffer, fence: WebGLSync }} reading
 */
function deleteReading(gl, { pixels, fence }) {
  gl.deleteBuffer(pixels);
  gl.deleteSync(fence);
}

/**
 * An R32UI texture (renderable on every WebGL2 device).
 * @param {WebGL2RenderingContext} gl
 * @param {number} columns
 * @param {number} rows
 */
function integerTexture(gl, columns, rows) {
  const texture = /** @type {WebGLTexture} */ (gl.createTexture());
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.R32UI, columns, rows);
  for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
  return texture;
}
