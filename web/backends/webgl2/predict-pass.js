// The predict pass: wind drag, damping and gravity change each free particle's velocity, and
// the new velocity moves it (shaders/webgl2/predict.frag.glsl). Writes position and velocity;
// reads the Substep struct.
import { normals, predictFrag, solverWriteMotion, windGusts } from '../../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */

export class PredictPass {
  /** @type {SolverPass} */
  #pass;
  /** @type {[number, number]} */
  #patchSize;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   */
  constructor(gl, options) {
    this.#patchSize = options.patchSize;
    this.#pass = new SolverPass(gl, options, {
      label: 'solver predict',
      structs: ['Substep'],
      fragmentSource: [solverWriteMotion, normals, windGusts, predictFrag],
      samplers: ['uPosition', 'uPositionLow', 'uVelocity', 'uVelocityLow', 'uInverseMass'],
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
   */
  run({ positions, velocities, inverseMasses, substep }) {
    this.#pass.run({
      uPosition: positions.high,
      uPositionLow: positions.low,
      uVelocity: velocities.high,
      uVelocityLow: velocities.low,
      uInverseMass: inverseMasses,
    }, (gl, u) => {
      gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
    }, { Substep: substep });
  }

  dispose() {
    this.#pass.dispose();
  }
}
