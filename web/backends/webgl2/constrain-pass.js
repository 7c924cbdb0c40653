// The constrain pass: one colour of one constraint direction, every particle moved by its share
// of its one pair's correction (shaders/webgl2/constrain.frag.glsl), the stage's direction,
// colour, solver and rule read from the Stage struct. Two variants: with XPBD_LAMBDAS it
// also reads and writes XPBD's multipliers, kept between iterations. Each compiles with TEARING
// too, when first given a torn mask: a cloth that cannot have torn reads no mask.
import { constrainFrag, tornConstraints } from '../../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */

const samplers = ['uPosition', 'uPositionLow', 'uInverseMass', 'uRestLengths'];
const uniforms = ['uGridSize', 'uPatchSize'];

export class ConstrainPass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {import('./solver-pass.js').PassOptions} */
  #options;
  /** @type {[SolverPass | null, SolverPass | null]} without and with TEARING, each made when first run */
  #passes = [null, null];
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
    this.#gl = gl;
    this.#options = options;
    this.#gridSize = [options.columns, options.rows];
    this.#patchSize = options.patchSize;
    this.#withLambdas = withLambdas;
    this.#passes[0] = this.#made(false);
  }

  /**
   * @param {boolean} tearing
   * @returns {SolverPass}
   */
  #made(tearing) {
    const torn = tearing ? ['uTorn'] : [];
    const name = `solver constrain${this.#withLambdas ? ' (XPBD multipliers)' : ''}${tearing ? ' (tearing)' : ''}`;
    return new SolverPass(this.#gl, this.#options, {
      label: name,
      fragmentSource: [tornConstraints, constrainFrag],
      structs: ['Stage'],
      defines: { XPBD_LAMBDAS: this.#withLambdas ? 1 : 0, TEARING: tearing ? 1 : 0 },
      samplers: [...samplers, ...(this.#withLambdas ? ['uLambdas'] : []), ...torn],
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
   * @param {WebGLTexture | null} input.torn the torn mask (torn-mask.js); null while none can have torn
   * @param {{bytes: ArrayBuffer, offset: number}} input.stage the Stage struct's bytes
   */
  run({ positions, inverseMasses, restLengths, lambdas, torn, stage }) {
    /** @type {Record<string, import('./solver-pass.js').SamplerBinding>} */
    const samplerBindings = {
      uPosition: positions.high,
      uPositionLow: positions.low,
      uInverseMass: inverseMasses,
      uRestLengths: restLengths,
    };
    if (this.#withLambdas) samplerBindings.uLambdas = lambdas;
    if (torn) samplerBindings.uTorn = torn;
    const variant = torn ? 1 : 0;
    const pass = this.#passes[variant] ??= this.#made(variant === 1);
    pass.run(samplerBindings, (gl, u) => {
      gl.uniform2i(u.uGridSize, this.#gridSize[0], this.#gridSize[1]);
      gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
    }, { Stage: stage });
  }

  dispose() {
    for (const pass of this.#passes) pass?.dispose();
  }
}
