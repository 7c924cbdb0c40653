// The constrain pass: one colour of one constraint direction, every particle moved by its share
// of its one pair's correction (shaders/webgl2/constrain.frag.glsl), the stage's direction,
// colour, solver and rule read from the Stage struct. Two variants: with XPBD_LAMBDAS it
// also reads and writes XPBD's multipliers, kept between iterations.
import { constrainFrag } from '../../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */

const samplers = ['uPosition', 'uPositionLow', 'uInverseMass', 'uRestLengths'];
const uniforms = ['uGridSize', 'uPatchSize'];

export class ConstrainPass {
  /** @type {SolverPass} */
  #pass;
  /** @type {[number, number]} */
  #gridSize;
  /** @type {[number, number]} */
  #patchSize;
  #withLambdas;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   * @param {boolean} withLambdas the XPBD variant that keeps multipliers between iterations
   */
  constructor(gl, options, withLambdas) {
    this.#gridSize = [options.columns, options.rows];
    this.#patchSize = options.patchSize;
    this.#withLambdas = withLambdas;
    this.#pass = new SolverPass(gl, options, withLambdas ? {
      label: 'solver constrain (XPBD multipliers)',
      fragmentSource: constrainFrag,
      structs: ['Stage'],
      defines: { XPBD_LAMBDAS: 1 },
      samplers: [...samplers, 'uLambdas'],
      uniforms,
      lowParts: ['uPositionLow'],
    } : {
      label: 'solver constrain',
      fragmentSource: constrainFrag,
      structs: ['Stage'],
      defines: { XPBD_LAMBDAS: 0 },
      samplers,
      uniforms,
      lowParts: ['uPositionLow'],
    });
  }

  /**
   * Into the bound framebuffer: position targets, then (with multipliers) the next multipliers.
   * @param {object} input
   * @param {VectorField} input.positions
   * @param {WebGLTexture} input.inverseMasses
   * @param {WebGLTexture[]} input.restLengths the core's rest lengths, a channel per direction
   * @param {WebGLTexture | null} input.lambdas this direction pair's multipliers (the XPBD variant)
   * @param {{bytes: ArrayBuffer, offset: number}} input.stage the Stage struct's bytes
   */
  run({ positions, inverseMasses, restLengths, lambdas, stage }) {
    /** @type {Record<string, import('./solver-pass.js').SamplerBinding>} */
    const samplerBindings = {
      uPosition: positions.high,
      uPositionLow: positions.low,
      uInverseMass: inverseMasses,
      uRestLengths: restLengths,
    };
    if (this.#withLambdas) samplerBindings.uLambdas = lambdas;
    this.#pass.run(samplerBindings, (gl, u) => {
      gl.uniform2i(u.uGridSize, this.#gridSize[0], this.#gridSize[1]);
      gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
    }, { Stage: stage });
  }

  dispose() {
    this.#pass.dispose();
  }
}
