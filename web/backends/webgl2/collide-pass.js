// The collide pass: pushes each free particle out of every collider, takes back friction's
// share of its sliding, and updates velocities from what constraints and collisions moved
// (shaders/webgl2/collide.frag.glsl, with each kind's contact in collide-contact.glsl).
// Colliders reach it as the typed arrays the core packs when they change (the model's
// packedColliders()), uploaded as they are every substep.
import { collideContact, quaternion, collideFrag, solverWriteMotion, spatialHash } from '../../../dist/shaders.js';
import { bucketLayers } from './bucket-pass.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */
/** @typedef {import('../../index.js').PackedColliders} PackedColliders */

/**
 * What the self-collision variant reads besides the state, fixed when it is made.
 * @typedef {object} SelfCollisionSources
 * @property {WebGLTexture} restPositions xyz per particle, the rest shape
 * @property {import('./bucket-pass.js').BucketPass} buckets whose layers hold the particles by cell
 */

const samplers = ['uPosition', 'uPositionLow', 'uPredicted', 'uPredictedLow', 'uVelocity', 'uVelocityLow', 'uInverseMass'];
const uniforms = ['uColliderCount', 'uColliderType', 'uColliderShape', 'uColliderFriction', 'uColliderDepenetration', 'uCollisionMargin', 'uSubstepSeconds'];
const layerSamplers = Array.from({ length: bucketLayers }, (_, layer) => `uBucketLayer${layer}`);

export class CollidePass {
  /** @type {SolverPass} */
  #pass;
  /** @type {Record<string, WebGLTexture>} the self-collision variant's samplers; empty for the other */
  #selfCollisionSamplers = {};
  /** @type {[number, number]} */
  #gridSize;
  /** @type {[number, number]} */
  #patchSize;
  /** @type {[number, number]} */
  #bucketSize = [0, 0];
  /** whether this is the self-collision variant */
  #separates;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   * @param {SelfCollisionSources | null} selfCollision for the variant that first separates the
   *   cloth from itself
   */
  constructor(gl, options, selfCollision) {
    this.#gridSize = [options.columns, options.rows];
    this.#patchSize = options.patchSize;
    this.#separates = selfCollision !== null;
    if (selfCollision) {
      const { restPositions, buckets } = selfCollision;
      this.#selfCollisionSamplers = {
        uRestPosition: restPositions, ...Object.fromEntries(layerSamplers.map((name, layer) => [name, buckets.layers[layer]])),
      };
      this.#bucketSize = buckets.size;
    }
    this.#pass = new SolverPass(gl, options, {
      label: selfCollision ? 'solver collide (self-collision)' : 'solver collide',
      fragmentSource: [solverWriteMotion, quaternion, collideContact, spatialHash, collideFrag],
      defines: { SELF_COLLISION: selfCollision ? 1 : 0, SELF_COLLISION_LAYERS: bucketLayers },
      samplers: selfCollision ? [...samplers, 'uRestPosition', ...layerSamplers] : samplers,
      uniforms: selfCollision ? [...uniforms, 'uGridSize', 'uPatchSize', 'uBucketSize', 'uSelfCollisionThickness', 'uSelfCollisionFriction'] : uniforms,
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
   * @param {Float32Array} input.depenetration metres per collider this substep (depenetrationMetres)
   * @param {number} input.margin metres
   * @param {number} input.substepSeconds
   * @param {number} input.selfCollisionThickness metres (the self-collision variant)
   * @param {number} input.selfCollisionFriction
   */
  run({ positions, predicted, velocities, inverseMasses, colliders, depenetration, margin, substepSeconds, selfCollisionThickness, selfCollisionFriction }) {
    this.#pass.run({
      uPosition: positions.high,
      uPositionLow: positions.low,
      uPredicted: predicted.high,
      uPredictedLow: predicted.low,
      uVelocity: velocities.high,
      uVelocityLow: velocities.low,
      uInverseMass: inverseMasses,
      ...this.#selfCollisionSamplers,
    }, (gl, u) => {
      if (this.#separates) {
        gl.uniform2i(u.uGridSize, this.#gridSize[0], this.#gridSize[1]);
        gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
        gl.uniform2i(u.uBucketSize, this.#bucketSize[0], this.#bucketSize[1]);
        gl.uniform1f(u.uSelfCollisionThickness, selfCollisionThickness);
        gl.uniform1f(u.uSelfCollisionFriction, selfCollisionFriction);
      }
      gl.uniform1i(u.uColliderCount, colliders.count);
      if (colliders.count > 0) {
        gl.uniform1iv(u.uColliderType, colliders.kinds, 0, colliders.count);
        gl.uniform4fv(u.uColliderShape, colliders.shapes);
        gl.uniform1fv(u.uColliderFriction, colliders.frictions, 0, colliders.count);
        gl.uniform1fv(u.uColliderDepenetration, depenetration, 0, colliders.count);
      }
      gl.uniform1f(u.uCollisionMargin, margin);
      gl.uniform1f(u.uSubstepSeconds, substepSeconds);
    });
  }

  dispose() {
    this.#pass.dispose();
  }
}
