// The collide pass: pushes each free particle out of every collider, takes back friction's
// share of its sliding, and updates velocities from what constraints and collisions moved
// (shaders/webgl2/collide.frag.glsl, with each kind's contact in collide-contact.glsl).
// Colliders, the margin and self-collision's thickness and friction reach it in the Substep
// struct, which the GPU cloth writes every substep from what the core packs; the mesh
// colliders' fields in a 3D texture (mesh-field-texture.js). The self-collision variant compiles
// with TEARING too, when first given a torn mask: a triangle with a torn edge then pushes nothing.
import { collideContact, quaternion, collideFrag, faceContacts, solverWriteMotion, spatialHash, tornConstraints } from '../../../dist/shaders.js';
import { bucketLayers } from './bucket-pass.js';
import { SolverPass } from './solver-pass.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */

/**
 * What the self-collision variant reads besides the state, fixed when it is made.
 * @typedef {object} SelfCollisionSources
 * @property {WebGLTexture} restPositions xyz per particle, the rest shape
 * @property {WebGLTexture} tangles the untangling's four integers a particle (state-textures.js)
 * @property {import('./bucket-pass.js').BucketPass} buckets whose layers hold the particles by cell
 * @property {{texture: WebGLTexture, target: number} | null} approach the approach pass's texture,
 *   written as the framebuffer's draw buffer `target` (after the state's); null: not written
 */

const samplers = ['uPosition', 'uPositionLow', 'uPredicted', 'uPredictedLow', 'uVelocity', 'uVelocityLow', 'uInverseMass', 'uMeshFields'];
const layerSamplers = Array.from({ length: bucketLayers }, (_, layer) => `uBucketLayer${layer}`);

export class CollidePass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {import('./solver-pass.js').PassOptions} */
  #options;
  /** @type {SelfCollisionSources | null} */
  #selfCollision;
  /** @type {[SolverPass | null, SolverPass | null]} without and with TEARING (self-collision's only), each made when first run */
  #passes = [null, null];
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
    this.#gl = gl;
    this.#options = options;
    this.#selfCollision = selfCollision;
    this.#gridSize = [options.columns, options.rows];
    this.#patchSize = options.patchSize;
    this.#separates = selfCollision !== null;
    if (selfCollision) {
      const { restPositions, tangles, buckets } = selfCollision;
      this.#selfCollisionSamplers = {
        uRestPosition: restPositions, uTangles: tangles, ...Object.fromEntries(layerSamplers.map((name, layer) => [name, buckets.layers[layer]])),
      };
      this.#bucketSize = buckets.size;
    }
    this.#passes[0] = this.#made(false);
  }

  /**
   * @param {boolean} tearing
   * @returns {SolverPass}
   */
  #made(tearing) {
    const selfCollision = this.#selfCollision;
    return new SolverPass(this.#gl, this.#options, {
      label: `${selfCollision ? 'solver collide (self-collision)' : 'solver collide'}${tearing ? ' (tearing)' : ''}`,
      structs: ['Substep'],
      fragmentSource: [solverWriteMotion, quaternion, collideContact, spatialHash, collideFrag, ...(selfCollision ? [tornConstraints, faceContacts] : [])],
      defines: {
        SELF_COLLISION: selfCollision ? 1 : 0, SELF_COLLISION_LAYERS: bucketLayers,
        READS_APPROACH: selfCollision?.approach ? 1 : 0, APPROACH_TARGET: selfCollision?.approach?.target ?? 0,
        TEARING: tearing ? 1 : 0,
      },
      samplers: [...samplers, ...(selfCollision ? ['uRestPosition', 'uTangles', ...layerSamplers] : []), ...(tearing ? ['uTorn'] : [])],
      uniforms: selfCollision ? ['uGridSize', 'uPatchSize', 'uBucketSize'] : [],
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
   * @param {WebGLTexture} input.meshFields the mesh colliders' fields, a 3D texture (mesh-field-texture.js)
   * @param {{bytes: ArrayBuffer, offset: number}} input.substep the Substep struct's bytes
   * @param {WebGLTexture | null} input.torn the torn mask (torn-mask.js); null while none can have
   *   torn, and for the variant without self-collision, which has no triangles to leave out
   */
  run({ positions, predicted, velocities, inverseMasses, meshFields, substep, torn }) {
    const tearing = this.#separates && torn !== null;
    const pass = this.#passes[tearing ? 1 : 0] ??= this.#made(tearing);
    pass.run({
      uPosition: positions.high,
      uPositionLow: positions.low,
      uPredicted: predicted.high,
      uPredictedLow: predicted.low,
      uVelocity: velocities.high,
      uVelocityLow: velocities.low,
      uInverseMass: inverseMasses,
      uMeshFields: meshFields,
      ...this.#selfCollisionSamplers,
      ...(tearing ? { uTorn: /** @type {WebGLTexture} */ (torn) } : {}),
    }, (gl, u) => {
      if (this.#separates) {
        gl.uniform2i(u.uGridSize, this.#gridSize[0], this.#gridSize[1]);
        gl.uniform2i(u.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
        gl.uniform2i(u.uBucketSize, this.#bucketSize[0], this.#bucketSize[1]);
      }
    }, { Substep: substep });
  }

  dispose() {
    for (const pass of this.#passes) pass?.dispose();
  }
}
