// The collide pass: pushes each free particle out of every collider, takes back friction's
// share of its sliding, and updates velocities from what constraints and collisions moved
// (shaders/solver-collide.frag.glsl, with each kind's contact in collider-contact.glsl). Colliders
// reach it as the typed arrays the core packs when they change (cloth.packedColliders()),
// uploaded as they are every substep.
import { colliderContact, quaternion, solverCollideFrag, solverWriteMotion, spatialHash } from '../../dist/shaders.js';
import { bucketLayers } from './bucket-pass.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */
/** @typedef {import('../index.js').PackedColliders} PackedColliders */

/**
 * What the self-collision variant reads besides the state.
 * @typedef {object} SelfCollisionInput
 * @property {WebGLTexture} restPositions xyz per particle, the rest shape
 * @property {WebGLTexture[]} layers the bucket pass's layers
 * @property {[number, number]} bucketSize the layers' width and height
 * @property {[number, number]} gridSize columns, rows
 * @property {number} thickness metres
 * @property {number} friction
 */

const samplers = ['uPosition', 'uPositionLow', 'uPredicted', 'uPredictedLow', 'uVelocity', 'uVelocityLow', 'uInverseMass'];
const uniforms = ['uColliderCount', 'uColliderType', 'uColliderShape', 'uColliderFriction', 'uMargin', 'uSubstepSeconds'];
const layerSamplers = Array.from({ length: bucketLayers }, (_, layer) => `uBucketLayer${layer}`);

export class CollidePass {
  /** @type {SolverPass} */
  #pass;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   * @param {boolean} selfCollision the variant that first separates the cloth from itself
   */
  constructor(gl, options, selfCollision) {
    this.#pass = new SolverPass(gl, options, {
      label: selfCollision ? 'solver collide (self-collision)' : 'solver collide',
      fragmentSource: [solverWriteMotion, quaternion, colliderContact, spatialHash, solverCollideFrag],
      defines: { SELF_COLLISION: selfCollision ? 1 : 0, SELF_COLLISION_LAYERS: bucketLayers },
      samplers: selfCollision ? [...samplers, 'uRestPosition', ...layerSamplers] : samplers,
      uniforms: selfCollision ? [...uniforms, 'uGridSize', 'uBucketSize', 'uThickness', 'uSelfFriction'] : uniforms,
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
   * @param {SelfCollisionInput | null} input.selfCollision for the self-collision variant
   */
  run({ positions, predicted, velocities, inverseMasses, colliders, margin, substepSeconds, selfCollision }) {
    const layers = selfCollision
      ? { uRestPosition: selfCollision.restPositions, ...Object.fromEntries(layerSamplers.map((name, layer) => [name, selfCollision.layers[layer]])) }
      : {};
    this.#pass.run({
      uPosition: positions.high,
      uPositionLow: positions.low,
      uPredicted: predicted.high,
      uPredictedLow: predicted.low,
      uVelocity: velocities.high,
      uVelocityLow: velocities.low,
      uInverseMass: inverseMasses,
      ...layers,
    }, (gl, u) => {
      if (selfCollision) {
        gl.uniform2i(u.uGridSize, selfCollision.gridSize[0], selfCollision.gridSize[1]);
        gl.uniform2i(u.uBucketSize, selfCollision.bucketSize[0], selfCollision.bucketSize[1]);
        gl.uniform1f(u.uThickness, selfCollision.thickness);
        gl.uniform1f(u.uSelfFriction, selfCollision.friction);
      }
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
