// The predict pass: wind drag, damping and gravity change each free particle's velocity, and
// the new velocity moves it (shaders/webgl2/predict.frag.glsl). Writes position and velocity.
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
      fragmentSource: [solverWriteMotion, normals, windGusts, predictFrag],
      samplers: ['uPosition', 'uPositionLow', 'uVelocity', 'uVelocityLow', 'uInverseMass'],
      uniforms: [
        'uPatchSize', 'uGravity', 'uWind', 'uGusts', 'uGustWaves', 'uKeep', 'uNormalDragShare', 'uTangentialDragShare',
        'uSubstepSeconds',
      ],
      lowParts: ['uPositionLow', 'uVelocityLow'],
    });
  }

  /**
   * Into the bound framebuffer: position, then velocity targets.
   * @param {object} input
   * @param {VectorField} input.positions at the substep's start
   * @param {VectorField} input.velocities at the substep's start
   * @param {WebGLTexture} input.inverseMasses
   * @param {import('../../index.js').ResolvedClothSettings} input.settings gravity and wind
   * @param {import('../../index.js').SubstepFactors} input.factors the core's damping and drag factors
   * @param {number} input.substepSeconds
   * @param {Float32Array | null} input.gustWaves the core's gust waves at this substep, or null without gusts
   */
  run({ positions, velocities, inverseMasses, settings, factors, substepSeconds, gustWaves }) {
    this.#pass.run({
      uPosition: positions.high,
      uPositionLow: positions.low,
      uVelocity: velocities.high,
      uVelocityLow: velocities.low,
      uInverseMass: inverseMasses,
    }, (gl, u) => {
      gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
      gl.uniform3fv(u.uGravity, settings.gravity);
      gl.uniform3fv(u.uWind, settings.wind);
      gl.uniform1i(u.uGusts, gustWaves ? 1 : 0);
      if (gustWaves) gl.uniform4fv(u.uGustWaves, gustWaves);
      gl.uniform1f(u.uKeep, factors.keep);
      gl.uniform1f(u.uNormalDragShare, factors.normalDragShare);
      gl.uniform1f(u.uTangentialDragShare, factors.tangentialDragShare);
      gl.uniform1f(u.uSubstepSeconds, substepSeconds);
    });
  }

  dispose() {
    this.#pass.dispose();
  }
}
