// The collide pass: pushes each free particle out of every collider, takes back friction's
// share of its sliding, and updates velocities from what constraints and collisions moved
// (shaders/solver-collide.frag.glsl, with each kind's contact in collider-contact.glsl). Colliders
// reach it as the typed arrays the core packs when they change (cloth.packedColliders()),
// uploaded as they are every substep.
import { colliderContact, quaternion, solverCollideFrag, solverWriteMotion } from '../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */
/** @typedef {import('../index.js').PackedColliders} PackedColliders */

export class CollidePass {
  /** @type {SolverPass} */
  #pass;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   */
  constructor(gl, options) {
    this.#pass = new SolverPass(gl, options, {
      label: 'solver collide',
      fragmentSource: [solverWriteMotion, quaternion, colliderContact, solverCollideFrag],
      samplers: ['uPosition', 'uPositionLow', 'uPredicted', 'uPredictedLow', 'uVelocity', 'uVelocityLow', 'uInverseMass'],
      uniforms: ['uColliderCount', 'uColliderType', 'uColliderShape', 'uColliderFriction', 'uMargin', 'uSubstepSeconds'],
      lowParts: ['uPositionLow', 'uPredictedLow', 'uVelocityLow'],
    });
  }

  /**
   * Into the bound framebuffer: position, then velocity targets.
   * @param {object} input
   * @param {VectorField} input.positions after the constraints
   * @param {VectorField} input.predicted the predict pass's positions
   * @param {VectorField} input.velocities the predict pass's velocities
   * @param {WebGLTexture} input.inverseMasses
   * @param {PackedColliders} input.colliders
   * @param {number} input.margin metres
   * @param {number} input.substepSeconds
   */
  run({ positions, predicted, velocities, inverseMasses, colliders, margin, substepSeconds }) {
    this.#pass.run({
      uPosition: positions.high,
      uPositionLow: positions.low,
      uPredicted: predicted.high,
      uPredictedLow: predicted.low,
      uVelocity: velocities.high,
      uVelocityLow: velocities.low,
      uInverseMass: inverseMasses,
    }, (gl, u) => {
      gl.uniform1i(u.uColliderCount, colliders.count);
      if (colliders.count > 0) {
        gl.uniform1iv(u.uColliderType, colliders.kinds, 0, colliders.count);
        gl.uniform4fv(u.uColliderShape, colliders.shapes);
        gl.uniform1fv(u.uColliderFriction, colliders.frictions, 0, colliders.count);
      }
      gl.uniform1f(u.uMargin, margin);
      gl.uniform1f(u.uSubstepSeconds, substepSeconds);
    });
  }

  dispose() {
    this.#pass.dispose();
  }
}
