// The collide pass: pushes each free particle out of every collider, takes back friction's
// share of its sliding, and updates velocities from what constraints and collisions moved
// (shaders/solver-collide.frag.glsl). Colliders reach it as typed arrays packed when they
// change (packColliders), uploaded as they are every substep.
import { solverCollideFrag, solverWriteMotion } from '../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */

/**
 * The colliders as the pass's uniform arrays take them.
 * @typedef {object} PackedColliders
 * @property {number} count
 * @property {Int32Array} kinds a collider kind code each (uColliderType)
 * @property {Float32Array} shapes four floats each: sphere centre and radius, or plane unit
 *   normal and offset (uColliderShape)
 * @property {Float32Array} frictions (uColliderFriction)
 */

/**
 * @param {number} maxColliders the uniform arrays' length
 * @returns {PackedColliders}
 */
export function createPackedColliders(maxColliders) {
  return {
    count: 0, kinds: new Int32Array(maxColliders), shapes: new Float32Array(4 * maxColliders), frictions: new Float32Array(maxColliders),
  };
}

/**
 * @param {PackedColliders} packed refilled in place
 * @param {readonly import('../index.js').ColliderState[]} colliders in the order they are resolved
 * @param {import('./gpu-constants.js').GpuConstants['colliderKinds']} colliderKinds
 */
export function packColliders(packed, colliders, colliderKinds) {
  packed.count = colliders.length;
  colliders.forEach((collider, index) => {
    packed.kinds[index] = colliderKinds[collider.type];
    packed.shapes.set(collider.type === 'sphere' ? [...collider.center, collider.radius] : [...collider.normal, collider.offset], 4 * index);
    packed.frictions[index] = collider.friction;
  });
}

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
      fragmentSource: [solverWriteMotion, solverCollideFrag],
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
        gl.uniform4fv(u.uColliderShape, colliders.shapes, 0, 4 * colliders.count);
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
