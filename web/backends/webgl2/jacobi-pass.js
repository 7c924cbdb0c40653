// The Jacobi pass: every constraint at once, each particle moved by the sum of its pairs'
// mass-split corrections (shaders/webgl2/sweep-jacobi.frag.glsl): the sweep stage of the 'jacobi'
// ordering, one pass per iteration where red-black draws twelve. It owns the texture of each
// particle's pair count, which countConstraints() draws once (sweep-constraint-count.frag.glsl).
// The sweep compiles with TEARING too, when first given a torn mask.
import { sweepConstraintCountFrag, sweepJacobiFrag, tornConstraints } from '../../../dist/shaders.js';
import { createDataTexture } from '../../gl/data-texture.js';
import { SolverPass } from './solver-pass.js';
import { stateFormat } from './vector-field.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */
/** @typedef {import('../../index.js').ConstraintDirection} ConstraintDirection */
/** @typedef {import('../../index.js').FamilyRule} FamilyRule */

const families = ['structural', 'shear', 'bending'];

export class JacobiPass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {import('./solver-pass.js').PassOptions} */
  #options;
  /** @type {[SolverPass | null, SolverPass | null]} the sweep without and with TEARING, each made when first run */
  #passes = [null, null];
  /** @type {SolverPass} */
  #countPass;
  /** @type {WebGLTexture} pairs per particle, in the state's format (small integers are exact in half) */
  counts;
  /** @type {[number, number]} */
  #gridSize;
  /** @type {[number, number]} */
  #patchSize;
  /** @type {Record<string, number>} */
  #solverKinds;
  /** @type {Int32Array} every direction's offset, in the core's order */
  #offsets;
  /** @type {Int32Array} every direction's colour axis (0: column, 1: row) and period */
  #colourings;
  /** @type {readonly ConstraintDirection[]} */
  #directions;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   * @param {readonly ConstraintDirection[]} directions the core's, in solving order
   */
  constructor(gl, options, directions) {
    this.#gl = gl;
    this.#options = options;
    this.#gridSize = [options.columns, options.rows];
    this.#patchSize = options.patchSize;
    this.#solverKinds = options.constants.solverKinds;
    this.#directions = directions;
    this.#offsets = Int32Array.from(directions.flatMap((direction) => direction.offset));
    this.#colourings = Int32Array.from(directions.flatMap((direction) => [direction.colourAxis === 'column' ? 0 : 1, direction.colourPeriod]));
    this.counts = createDataTexture(gl, stateFormat(gl, options.precision), options.columns, options.rows);
    this.#countPass = new SolverPass(gl, options, {
      label: 'solver constraint count', fragmentSource: sweepConstraintCountFrag, samplers: [], uniforms: ['uGridSize', 'uPatchSize', 'uOffsets'],
    });
    this.#passes[0] = this.#made(false);
  }

  /**
   * @param {boolean} tearing
   * @returns {SolverPass}
   */
  #made(tearing) {
    return new SolverPass(this.#gl, this.#options, {
      label: tearing ? 'solver jacobi (tearing)' : 'solver jacobi',
      fragmentSource: [tornConstraints, sweepJacobiFrag],
      defines: { TEARING: tearing ? 1 : 0 },
      samplers: ['uPosition', 'uPositionLow', 'uInverseMass', 'uConstraintCount', 'uRestLengths', ...(tearing ? ['uTorn'] : [])],
      uniforms: ['uGridSize', 'uPatchSize', 'uOffsets', 'uColourings', 'uRules', 'uSolver', 'uRelaxation'],
      lowParts: ['uPositionLow'],
    });
  }

  /** Into the bound framebuffer (`counts`): each particle's pair count. */
  countConstraints() {
    this.#countPass.run({}, (gl, u) => {
      gl.uniform2i(u.uGridSize, this.#gridSize[0], this.#gridSize[1]);
      gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
      gl.uniform2iv(u.uOffsets, this.#offsets);
    });
  }

  /**
   * Into the bound framebuffer: the position targets.
   * @param {object} input
   * @param {VectorField} input.positions before the sweep
   * @param {WebGLTexture} input.inverseMasses
   * @param {WebGLTexture[]} input.restLengths the core's rest lengths, a channel per direction
   * @param {'mass-spring' | 'pbd' | 'xpbd'} input.solver
   * @param {FamilyRule[]} input.rules each family's rule, in family order
   * @param {number} input.relaxation the setting jacobiRelaxation
   * @param {WebGLTexture | null} input.torn the torn mask (torn-mask.js); null while none can have torn
   */
  run({ positions, inverseMasses, restLengths, solver, rules, relaxation, torn }) {
    const directionRules = new Float32Array(this.#directions.flatMap((direction) => {
      const rule = rules[families.indexOf(direction.family)];
      return [rule.alphaTilde, rule.stiffness, rule.stretchGain, rule.shrinkGain];
    }));
    /** @type {Record<string, import('./solver-pass.js').SamplerBinding>} */
    const samplers = {
      uPosition: positions.high,
      uPositionLow: positions.low,
      uInverseMass: inverseMasses,
      uConstraintCount: this.counts,
      uRestLengths: restLengths,
    };
    if (torn) samplers.uTorn = torn;
    const variant = torn ? 1 : 0;
    const pass = this.#passes[variant] ??= this.#made(variant === 1);
    pass.run(samplers, (gl, u) => {
      gl.uniform2i(u.uGridSize, this.#gridSize[0], this.#gridSize[1]);
      gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
      gl.uniform2iv(u.uOffsets, this.#offsets);
      gl.uniform2iv(u.uColourings, this.#colourings);
      gl.uniform4fv(u.uRules, directionRules);
      gl.uniform1i(u.uSolver, this.#solverKinds[solver]);
      gl.uniform1f(u.uRelaxation, relaxation);
    });
  }

  dispose() {
    for (const pass of this.#passes) pass?.dispose();
    this.#countPass.dispose();
    this.#gl.deleteTexture(this.counts);
  }
}
