// The self-collision bucket pass: sorts particles into hashed cells of the thickness, the
// WebGL2 way (no compute, no atomics). Each of SELF_COLLISION_LAYERS layers is an R32UI texture
// with a texel per bucket (twice as many buckets as particles); the particles are drawn as
// points onto their bucket's texel with a depth that orders them by index, once per layer, and
// the depth test keeps the smallest index the earlier layers did not take (depth peeling). The
// collide pass then reads each bucket's first layers back (shaders/webgl2/collide.frag.glsl).
// Cost: a draw of every particle per layer; 4 x 4 B of layers and 4 B of depth per bucket.
import { separateBucketsFrag, separateBucketsVert, solverState, spatialHash } from '../../../dist/shaders.js';
import { checkedUniforms } from '../../gl/checked-uniforms.js';
import { createProgram } from '../../gl/program.js';
import { solverHeader } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */

/** Particles a bucket holds for the collide pass; more in one bucket are not seen. */
export const bucketLayers = 4;

export class BucketPass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #program;
  /** @type {import('../../gl/checked-uniforms.js').UniformLocations} */
  #uniforms;
  /** @type {WebGLTexture[]} */
  layers;
  #depth;
  /** @type {WebGLFramebuffer[]} */
  #framebuffers;
  #particleCount;
  /** @type {[number, number]} columns, rows */
  #gridSize;
  /** @type {[number, number]} the layers' width and height: a texel per bucket */
  size;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   */
  constructor(gl, options) {
    const { precision, columns, rows, debug } = options;
    this.#gl = gl;
    this.#particleCount = columns * rows;
    this.#gridSize = [columns, rows];
    this.size = [2 * columns, rows];
    const header = solverHeader(options);
    const program = createProgram(gl, 'self-collision buckets',
      [header, solverState, spatialHash, separateBucketsVert].join('\n'),
      [header, separateBucketsFrag].join('\n'));
    this.#program = program.program;
    this.#uniforms = checkedUniforms(program, 'self-collision buckets',
      ['uPosition', 'uPositionLow', 'uGridSize', 'uCellSize', 'uBucketSize', 'uPreviousLayer', 'uFirstLayer'],
      precision === 'half' ? [] : ['uPositionLow'], debug);

    const [width, height] = this.size;
    this.#depth = /** @type {WebGLRenderbuffer} */ (gl.createRenderbuffer());
    gl.bindRenderbuffer(gl.RENDERBUFFER, this.#depth);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT32F, width, height);
    this.layers = [];
    this.#framebuffers = [];
    for (let layer = 0; layer < bucketLayers; ++layer) {
      const texture = /** @type {WebGLTexture} */ (gl.createTexture());
      gl.bindTexture(gl.TEXTURE_2D, texture);
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.R32UI, width, height);
      for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
      const framebuffer = /** @type {WebGLFramebuffer} */ (gl.createFramebuffer());
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
      gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, this.#depth);
      const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
      this.layers.push(texture);
      this.#framebuffers.push(framebuffer);
      if (status !== gl.FRAMEBUFFER_COMPLETE) {
        this.dispose();
        throw new Error(`nuno: this device cannot render the self-collision buckets (framebuffer status 0x${status.toString(16)})`);
      }
    }
  }

  /**
   * Fills the layers from the positions. Leaves the viewport and depth test as the solver
   * passes want them (the grid's size, off) and the depth mask and function as it found them.
   * @param {VectorField} positions
   * @param {number} thickness metres
   */
  run(positions, thickness) {
    const gridSize = this.#gridSize;
    const gl = this.#gl;
    const u = this.#uniforms;
    const [width, height] = this.size;
    gl.useProgram(this.#program);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, positions.high);
    gl.uniform1i(u.uPosition, 0);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, positions.low);
    gl.uniform1i(u.uPositionLow, 1);
    gl.uniform2i(u.uGridSize, gridSize[0], gridSize[1]);
    gl.uniform1f(u.uCellSize, thickness);
    gl.uniform2i(u.uBucketSize, width, height);
    gl.uniform1i(u.uPreviousLayer, 2);
    const depthMask = gl.getParameter(gl.DEPTH_WRITEMASK);
    const depthFunc = gl.getParameter(gl.DEPTH_FUNC);
    gl.viewport(0, 0, width, height);
    gl.enable(gl.DEPTH_TEST);
    gl.depthMask(true);
    gl.depthFunc(gl.LESS);
    for (let layer = 0; layer < bucketLayers; ++layer) {
      gl.bindFramebuffer(gl.FRAMEBUFFER, this.#framebuffers[layer]);
      gl.clearBufferuiv(gl.COLOR, 0, [0, 0, 0, 0]);
      gl.clearBufferfv(gl.DEPTH, 0, [1]);
      // Layer 0 reads no previous layer; any other texture than the target will do there.
      gl.activeTexture(gl.TEXTURE2);
      gl.bindTexture(gl.TEXTURE_2D, this.layers[layer === 0 ? bucketLayers - 1 : layer - 1]);
      gl.uniform1i(u.uFirstLayer, layer === 0 ? 1 : 0);
      gl.drawArrays(gl.POINTS, 0, this.#particleCount);
    }
    gl.disable(gl.DEPTH_TEST);
    gl.depthMask(depthMask);
    gl.depthFunc(depthFunc);
    gl.viewport(0, 0, gridSize[0], gridSize[1]);
  }

  dispose() {
    const gl = this.#gl;
    gl.deleteProgram(this.#program);
    gl.deleteRenderbuffer(this.#depth);
    for (const texture of this.layers) gl.deleteTexture(texture);
    for (const framebuffer of this.#framebuffers) gl.deleteFramebuffer(framebuffer);
  }
}
