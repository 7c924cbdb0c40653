// The constrain pass: one colour of one constraint direction, every particle moved by its share
// of its one pair's correction (shaders/webgl2/constrain.frag.glsl). Two variants: with
// XPBD_LAMBDAS it also reads and writes XPBD's multipliers, kept between iterations.
import { constrainFrag } from '../../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */
/** @typedef {import('../../index.js').ConstraintDirection} ConstraintDirection */
/** @typedef {import('../../index.js').FamilyRule} FamilyRule */

const samplers = ['uPosition', 'uPositionLow', 'uInverseMass', 'uRestLengths'];
const uniforms = ['uGridSize', 'uPatchSize', 'uOffset', 'uDirection', 'uColourAxis', 'uColourPeriod', 'uColour', 'uSolver', 'uRule'];

export class ConstrainPass {
  /** @type {SolverPass} */
  #pass;
  /** @type {[number, number]} */
  #gridSize;
  /** @type {[number, number]} */
  #patchSize;
  /** @type {Record<string, number>} */
  #solverKinds;
  #withLambdas;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   * @param {boolean} withLambdas the XPBD variant that keeps multipliers between iterations
   */
  constructor(gl, options, withLambdas) {
    this.#gridSize = [options.columns, options.rows];
    this.#patchSize = options.patchSize;
    this.#solverKinds = options.constants.solverKinds;
    this.#withLambdas = withLambdas;
    this.#pass = new SolverPass(gl, options, withLambdas ? {
      label: 'solver constrain (XPBD multipliers)',
      fragmentSource: constrainFrag,
      defines: { XPBD_LAMBDAS: 1 },
      samplers: [...samplers, 'uLambdas'],
      uniforms: [...uniforms, 'uFirstIteration'],
      lowParts: ['uPositionLow'],
    } : {
      label: 'solver constrain',
      fragmentSource: constrainFrag,
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
   * @param {'mass-spring' | 'pbd' | 'xpbd'} input.solver
   * @param {FamilyRule} input.rule of the direction's family
   * @param {ConstraintDirection} input.direction
   * @param {number} input.directionIndex
   * @param {number} input.colour
   * @param {boolean} input.firstIteration XPBD multipliers start at zero
   */
  run({ positions, inverseMasses, restLengths, lambdas, solver, rule, direction, directionIndex, colour, firstIteration }) {
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
      gl.uniform2i(u.uOffset, direction.offset[0], direction.offset[1]);
      gl.uniform1i(u.uDirection, directionIndex);
      gl.uniform1i(u.uColourAxis, direction.colourAxis === 'column' ? 0 : 1);
      gl.uniform1i(u.uColourPeriod, direction.colourPeriod);
      gl.uniform1i(u.uColour, colour);
      gl.uniform1i(u.uSolver, this.#solverKinds[solver]);
      gl.uniform4f(u.uRule, rule.alphaTilde, rule.stiffness, rule.stretchGain, rule.shrinkGain);
      if (this.#withLambdas) gl.uniform1i(u.uFirstIteration, firstIteration ? 1 : 0);
    });
  }

  dispose() {
    this.#pass.dispose();
  }
}
