// The tear pass: once per fixed step, after its last substep, every structural and shear
// constraint not yet torn tears where it is stretched past (1 + tearStrain) times its rest length
// (shaders/webgl2/tear.frag.glsl). Reads the torn mask and writes the next one (torn-mask.js).
import { tearFrag, tornConstraints } from '../../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */

export class TearPass {
  /** @type {SolverPass} */
  #pass;
  /** @type {[number, number]} */
  #gridSize;
  /** @type {[number, number]} */
  #patchSize;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   */
  constructor(gl, options) {
    this.#gridSize = [options.columns, options.rows];
    this.#patchSize = options.patchSize;
    this.#pass = new SolverPass(gl, options, {
      label: 'solver tear',
      fragmentSource: [tornConstraints, tearFrag],
      defines: { TEARING: 1 },
      samplers: ['uPosition', 'uPositionLow', 'uRestLengths', 'uTorn'],
      uniforms: ['uGridSize', 'uPatchSize', 'uTearStrain'],
      lowParts: ['uPositionLow'],
    });
  }

  /**
   * Into the bound framebuffer: the next torn mask.
   * @param {object} input
   * @param {VectorField} input.positions the step's final positions
   * @param {WebGLTexture} input.restLengths the first rest-length texture (Right to DiagonalUp)
   * @param {WebGLTexture} input.torn the mask so far
   * @param {number} input.tearStrain the setting, > 0
   */
  run({ positions, restLengths, torn, tearStrain }) {
    this.#pass.run({
      uPosition: positions.high,
      uPositionLow: positions.low,
      uRestLengths: restLengths,
      uTorn: torn,
    }, (gl, u) => {
      gl.uniform2i(u.uGridSize, this.#gridSize[0], this.#gridSize[1]);
      gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
      gl.uniform1f(u.uTearStrain, tearStrain);
    });
  }

  dispose() {
    this.#pass.dispose();
  }
}
