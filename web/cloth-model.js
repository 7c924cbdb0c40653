// What a cloth that steps elsewhere (the WebGL2, WebGPU and worker cloths) keeps in the core: a
// wasm ClothModel, the settings, rest shape, pins and holds, colliders, clock and gusts, without
// the CPU stepper's arrays. It checks every call (so the errors are the core's) and hands the
// cloth what its passes upload. The package does not export it.

import { requireIndex, requireInteger } from './arguments.js';
import { ClothFace, nativeOf } from './cloth-face.js';

/** @typedef {import('./index.js').ClothSettings} ClothSettings */

/**
 * The colliders as the GPU passes take them, packed by the core in the order they are resolved:
 * plumbing between the model and the GPU cloths, not part of the package's API.
 * @typedef {object} PackedColliders
 * @property {number} count
 * @property {Int32Array} kinds a kind code each (`gpuConstants.colliderKinds`)
 * @property {Float32Array} shapes `colliderShapeVec4s` vec4s each, as src/colliders.hpp's packForGpu describes
 * @property {Float32Array} frictions
 * @property {Float32Array} travels metres each collider's surface moved since the cloth last stepped:
 *   its next step's first substep may push that far at once
 * @property {number} meshFieldVersion changes whenever `meshFieldAtlas()` would (a mesh collider
 *   added, removed or built again), and only then
 */

/**
 * Every mesh collider's signed distance field in one float32 3D grid (src/colliders.hpp's
 * MeshFieldAtlas): width and height the largest field's, the fields stacked along z in the
 * colliders' order, each mesh's first layer in its packed shape. Without meshes, one sample of 0.
 * @typedef {object} MeshFieldAtlas
 * @property {number} width
 * @property {number} height
 * @property {number} depth
 * @property {Float32Array} values metres, x fastest, then y, then z
 */

export class ClothModel extends ClothFace {
  /** @type {Uint32Array | null} */
  #triangleIndices = null;

  /**
   * @param {any} core the Emscripten module
   * @param {ClothSettings} settings
   * @param {boolean} [cpuLimits] the model of a CPU cloth stepped elsewhere (the worker's): held
   *   to the memory the CPU cloth keeps, so its grid and its changes are refused here, at once
   */
  constructor(core, settings, cpuLimits = false) {
    super(new core.ClothModel(settings, cpuLimits));
  }

  /** 1/kg per particle, 0 where pinned or held: a copy. */
  get inverseMasses() {
    return nativeOf(this).inverseMasses();
  }

  /**
   * 1/kg of one particle, 0 where pinned or held.
   * @param {number} particle
   */
  inverseMassOf(particle) {
    requireIndex('particle', particle, this.particleCount);
    return nativeOf(this).inverseMassOf(particle);
  }

  /** The velocities reset() starts from, xyz per particle: the settings' or zero. */
  get initialVelocities() {
    return nativeOf(this).initialVelocities();
  }

  /**
   * At the start of a call's steps, what the GPU's attach pass reads, 8 floats per attached
   * particle (none: empty): where it was when the call's motion began (x, y, z), its column, its
   * target (x, y, z), its row. The model then takes every particle to be at its target, as the
   * call's steps will leave it.
   * @returns {Float32Array<ArrayBuffer>}
   */
  takeAttachedCall() {
    return nativeOf(this).takeAttachedCall();
  }

  /**
   * Where substep `substep` of step `step`, in a call of `steps` steps each cut into `substeps`,
   * puts the attached particles: the share of the call's time passed when it ends, and 1 / the
   * call's seconds (src/attachments.hpp).
   * @param {number} step
   * @param {number} substep
   * @param {number} substeps
   * @param {number} steps
   * @returns {{ progress: number, inverseSeconds: number }}
   */
  attachedMotion(step, substep, substeps, steps) {
    return nativeOf(this).attachedMotion(step, substep, substeps, steps);
  }

  /** Two triangles per grid cell, for drawing: made once, owned by JS. */
  get triangleIndices() {
    this.#triangleIndices ??= nativeOf(this).triangleIndices();
    return /** @type {Uint32Array} */ (this.#triangleIndices);
  }

  /**
   * Per particle, the rest length (metres) of the constraint starting there in each direction
   * of `nuno.directions`, 0 where there is none; 8 floats per particle (the last two unused).
   * A live view: the layout the GPU solvers upload.
   */
  get restLengthsByDirection() {
    return nativeOf(this).restLengthsByDirection();
  }

  /**
   * The colliders as the GPU collide pass reads them (the core packs them; a kind code each, its
   * shape as vec4s, its friction, how far it moved since the last step), in the order they are
   * resolved.
   * @returns {PackedColliders}
   */
  packedColliders() {
    return nativeOf(this).packedColliders();
  }

  /**
   * The mesh colliders' fields as the GPU collide pass samples them: upload again when
   * `packedColliders().meshFieldVersion` changes.
   * @returns {MeshFieldAtlas}
   */
  meshFieldAtlas() {
    return nativeOf(this).meshFieldAtlas();
  }

  /**
   * The width, height and depth `meshFieldAtlas()` would have, without copying its samples.
   * @returns {Pick<MeshFieldAtlas, 'width' | 'height' | 'depth'>}
   */
  meshFieldAtlasSize() {
    return nativeOf(this).meshFieldAtlasSize();
  }

  /** A step has swept the colliders' travel: forget it. */
  forgetColliderTravel() {
    nativeOf(this).forgetColliderTravel();
  }

  /**
   * The gust waves now, as a predict pass reads them (two vec4s a wave: wavevector and phase,
   * amplitude and 0), then the gust clock moved on by one substep of a step cut into `substeps`.
   * A view, valid until the next call.
   * @param {number} substeps an integer in [1, 1e6]
   * @returns {Float32Array}
   */
  gustWavesForSubstep(substeps) {
    requireInteger('substeps', substeps, 1, 1e6);
    return nativeOf(this).gustWavesForSubstep(substeps);
  }

  /**
   * Counts a step of the untangling's cadence (src/untangle.hpp): whether this step is one to
   * look at the cloth for crossings in.
   * @returns {boolean}
   */
  untanglingLookDue() {
    return nativeOf(this).untanglingLookDue();
  }

  /**
   * The untangling's look at positions read back: which particles went through the cloth, and
   * the triangle each at a cut is sent back through, as the GPU separate pass reads them (four
   * integers a particle: a triangle's corners and the side +1 or -1, or (0, 0, 0, `tangleHeld`)
   * for one only kept out of self-collision, all 0 for a free one). Empty while nothing went
   * through. A view, valid until the next look.
   * @param {Float32Array} positions xyz per particle
   * @returns {Int32Array}
   */
  untangle(positions) {
    return nativeOf(this).untangle(positions);
  }
}
