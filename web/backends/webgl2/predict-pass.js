// The predict pass: wind drag, damping and gravity change each free particle's velocity, and
// the new velocity moves it (shaders/webgl2/predict.frag.glsl). Writes position and velocity;
// reads the Substep struct. Compiles with TEARING too, when first given a torn mask: the normals
// the wind drags along then see no neighbour across a torn edge.
import { normals, predictFrag, solverWriteMotion, tornConstraints, windGusts } from '../../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */

export class PredictPass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {import('./solver-pass.js').PassOptions} */
  #options;
  /** @type {[SolverPass | null, SolverPass | null]} without and with TEARING, each made when first run */
  #passes = [null, null];
  /** @type {[number, number]} */
  #patchSize;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   */
  constructor(gl, options) {
    this.#gl = gl;
    this.#options = options;
    this.#patchSize = options.patchSize;
    this.#passes[0] = this.#made(false);
  }

  /**
   * @param {boolean} tearing
   * @returns {SolverPass}
   */
  #made(tearing) {
    return new SolverPass(this.#gl, this.#options, {
      label: tearing ? 'solver predict (tearing)' : 'solver predict',
      structs: ['Substep'],
      defines: { TEARING: tearing ? 1 : 0 },
      fragmentSource: [solverWriteMotion, normals, tornConstraints, windGusts, predictFrag],
      samplers: ['uPosition', 'uPositionLow', 'uVelocity', 'uVelocityLow', 'uInverseMass', ...(tearing ? ['uTorn'] : [])],
      uniforms: ['uPatchSize'],
      lowParts: ['uPositionLow', 'uVelocityLow'],
    });
  }

  /**
   * Into the bound framebuffer: position, then velocity targets. Gravity, wind, gusts and the
   * core's factors come from the Substep struct.
   * @param {object} input
   * @param {VectorField} input.positions at the substep's start
   * @param {VectorField} input.velocities at the substep's start
   * @param {WebGLTexture} input.inverseMasses
   * @param {{bytes: ArrayBuffer, offset: number}} input.substep the Substep struct's bytes
   * @param {WebGLTexture | null} input.torn the torn mask (torn-mask.js); null while none can have torn
   */
  run({ positions, velocities, inverseMasses, substep, torn }) {
    /** @type {Record<string, import('./solver-pass.js').SamplerBinding>} */
    const samplers = {
      uPosition: positions.high,
      uPositionLow: positions.low,
      uVelocity: velocities.high,
      uVelocityLow: velocities.low,
      uInverseMass: inverseMasses,
    };
    if (torn) samplers.uTorn = torn;
    const variant = torn ? 1 : 0;
    const pass = this.#passes[variant] ??= this.#made(variant === 1);
    pass.run(samplers, (gl, u) => {
      gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
    }, { Substep: substep });
  }

  dispose() {
    for (const pass of this.#passes) pass?.dispose();
  }
}
