// The calls a CPU cloth (web/backends/cpu/cloth.js) and a cloth model (web/cloth-model.js, the
// set-up a GPU or worker cloth holds) answer alike: each argument checked here once, before Embind
// sees it, then handed to the core object, whose errors name the rest.

import { maxColliderId, requireFamily, requireIndex, requireInteger, requireNumber, requireNumbers } from './arguments.js';
import { requireTornMask } from './torn-constraints.js';

/** @typedef {import('./index.js').ClothSettings} ClothSettings */
/** @typedef {import('./index.js').ColliderDescription} ColliderDescription */
/** @typedef {import('./arguments.js').Family} Family */

/** @type {WeakMap<ClothFace, any>} each face's core object, null once disposed */
const natives = new WeakMap();

/**
 * The core object behind `face`: a wasm Cloth or ClothModel.
 * @param {ClothFace} face
 * @returns {any}
 */
export function nativeOf(face) {
  const native = natives.get(face);
  if (!native) throw new Error('nuno: this cloth was disposed');
  return native;
}

export class ClothFace {
  /** @param {any} native the core object, owned from now on: dispose() frees it */
  constructor(native) {
    natives.set(this, native);
  }

  /**
   * The accumulator alone: how many fixed steps a frame's time is worth, without stepping.
   * @param {number} frameSeconds
   * @returns {number}
   */
  advanceClock(frameSeconds) {
    requireNumber('frameSeconds', frameSeconds, 0, Number.MAX_VALUE);
    return nativeOf(this).advanceClock(frameSeconds);
  }

  /**
   * What each family's stiffness means for one substep of the current settings (or of a step cut
   * into `substeps`), in family order (structural, shear, bending): XPBD's compliance / h^2,
   * PBD's stiffness, and the mass-spring gains while stretched and while shrunk.
   * @param {number} [substeps] an integer in [1, 1e6]
   * @returns {{alphaTilde: number, stiffness: number, stretchGain: number, shrinkGain: number}[]}
   */
  familyRules(substeps) {
    return nativeOf(this).familyRules(checkedSubsteps(this, substeps));
  }

  /**
   * What damping and wind drag do to a velocity over one substep of the current settings (or of
   * a step cut into `substeps`), as float32 values computed once by the core (so a GPU pass can
   * use the very same ones): `keep` = exp(-damping h), and the shares of the relative wind's
   * normal and tangential parts the velocity takes up, 1 - exp(-windNormalDrag h) and
   * 1 - exp(-windTangentialDrag h).
   * @param {number} [substeps] an integer in [1, 1e6]
   * @returns {import('./index.js').SubstepFactors}
   */
  substepFactors(substeps) {
    return nativeOf(this).substepFactors(checkedSubsteps(this, substeps));
  }

  /**
   * The substeps a step takes with self-collision on when layers within reach of each other
   * approach at `fastestApproach` m/s: the substeps setting, or up to 4x as many to keep each
   * substep's approach to half the thickness (docs/model.md#self-collision-what-it-guarantees).
   * @param {number} fastestApproach m/s, >= 0
   * @returns {number}
   */
  substepsFor(fastestApproach) {
    requireNumber('fastestApproach', fastestApproach, 0, Number.MAX_VALUE);
    return nativeOf(this).substepsFor(fastestApproach);
  }

  /**
   * The stages one substep runs with the current settings, in order, as the core schedules them
   * for every backend.
   * @returns {import('./index.js').SubstepStage[]}
   */
  substepSchedule() {
    return nativeOf(this).substepSchedule();
  }

  /** Back to the starting shape at rest; pins, colliders and parameters stay. */
  reset() {
    nativeOf(this).reset();
  }

  /**
   * Changes run-time settings (solver, substeps, wind, stiffness...). Grid settings throw.
   * @param {Partial<ClothSettings>} changes
   */
  set(changes) {
    nativeOf(this).set(changes);
  }

  /** @returns {import('./index.js').ResolvedClothSettings} a copy of the settings in force */
  get settings() {
    return nativeOf(this).settings();
  }

  /** @param {number} particle an index in [0, particleCount) */
  pin(particle) {
    requireIndex('particle', particle, this.particleCount);
    nativeOf(this).pin(particle);
  }

  /** @param {number} particle */
  unpin(particle) {
    requireIndex('particle', particle, this.particleCount);
    nativeOf(this).unpin(particle);
  }

  /** @param {number} particle */
  isPinned(particle) {
    requireIndex('particle', particle, this.particleCount);
    return nativeOf(this).isPinned(particle);
  }

  /**
   * Places a particle at a point and keeps it there until release(): for dragging. Call again
   * to move the hold; the cloth follows through its constraints.
   * @param {number} particle
   * @param {ArrayLike<number>} position metres, each coordinate in [-10000, 10000]
   */
  hold(particle, position) {
    requireIndex('particle', particle, this.particleCount);
    requireNumbers('position', position, 3);
    nativeOf(this).hold(particle, Array.from(position));
  }

  /**
   * Ends a hold: the particle gets its own inverse mass back (a pinned one stays pinned there).
   * @param {number} particle
   */
  release(particle) {
    requireIndex('particle', particle, this.particleCount);
    nativeOf(this).release(particle);
  }

  /**
   * Makes exactly these particles the attached ones (none: all let go), each following its
   * target from the next step on (src/attachments.hpp): the steps of the next call move it on a
   * straight line to the target, with the target's velocity.
   * @param {ArrayLike<number>} particles indices, in increasing order
   * @param {ArrayLike<number>} targets metres, x y z per particle
   * @returns {boolean} whether the set of particles changed (not only their targets)
   */
  attach(particles, targets) {
    requireNumbers('particles', particles);
    requireNumbers('targets', targets);
    return nativeOf(this).attach(particles, targets);
  }

  /**
   * @param {ColliderDescription} collider
   * @returns {number} its id
   */
  addCollider(collider) {
    return nativeOf(this).addCollider(collider);
  }

  /**
   * Moves or reshapes a collider; only the fields given change.
   * @param {number} id
   * @param {Partial<ColliderDescription>} changes
   */
  updateCollider(id, changes) {
    requireInteger('id', id, 1, maxColliderId);
    nativeOf(this).updateCollider(id, changes);
  }

  /** @param {number} id as addCollider returned it */
  removeCollider(id) {
    requireInteger('id', id, 1, maxColliderId);
    nativeOf(this).removeCollider(id);
  }

  /**
   * The colliders in the order they are resolved, as plain data (planes as normal and offset:
   * the plane dot(normal, x) = offset).
   * @returns {import('./index.js').ColliderState[]}
   */
  get colliders() {
    return nativeOf(this).colliders();
  }

  /** The rest shape, x y z per particle (the starting shape the rest lengths come from): a live view. */
  get restPositions() {
    return nativeOf(this).restPositions();
  }

  /**
   * |length - restLength| / restLength over one constraint family, of a CPU cloth's own
   * positions or of the positions given (xyz per particle, e.g. read back from a GPU cloth); over
   * the constraints still solved by the torn mask given (`readTorn()`), or the CPU cloth's own.
   * @param {Family} family
   * @param {Float32Array} [positions]
   * @param {Uint8Array} [torn]
   * @returns {{max: number, mean: number}}
   */
  strain(family, positions, torn) {
    requireFamily(family);
    if (positions !== undefined) requireNumbers('positions', positions);
    if (torn !== undefined) requireTornMask('strain', torn, this.particleCount);
    return nativeOf(this).strain(family, positions, torn);
  }

  /**
   * The smallest signed distance from a free particle to a collider's surface, metres (negative
   * inside; Infinity without colliders), of a CPU cloth's own positions or of the positions given.
   * @param {Float32Array} [positions]
   * @returns {number}
   */
  colliderClearance(positions) {
    if (positions !== undefined) requireNumbers('positions', positions);
    return nativeOf(this).colliderClearance(positions);
  }

  /**
   * Pairs of particles closer than thickness / 2 that were farther than thickness apart at rest:
   * cloth that has passed through itself (or is about to), of a CPU cloth's own positions or of
   * the positions given.
   * @param {number} thickness metres, (0, 1]
   * @param {Float32Array} [positions]
   * @returns {number}
   */
  selfIntersections(thickness, positions) {
    requireNumber('thickness', thickness, Number.MIN_VALUE, 1);
    if (positions !== undefined) requireNumbers('positions', positions);
    return nativeOf(this).selfIntersections(thickness, positions);
  }

  /**
   * Structural edges (a particle and its right or down neighbour) passing through triangles of
   * the cloth that share no particle with them, within a patch or between patches: cloth that
   * has passed through itself, however far apart the layers have moved since (where
   * selfIntersections sees only layers closer than the thickness). Each edge-triangle pair
   * counts once; a particle pushed through a layer counts 8. Of a CPU cloth's own positions or
   * of the positions given.
   * @param {Float32Array} [positions]
   * @returns {number} the edge-triangle crossings
   */
  selfCrossings(positions) {
    if (positions !== undefined) requireNumbers('positions', positions);
    return nativeOf(this).selfCrossings(positions);
  }

  /** @param {Family} family */
  constraintCount(family) {
    requireFamily(family);
    return nativeOf(this).constraintCount(family);
  }

  /** Seconds simulated since the start or the last reset(): the clock the gusts follow. */
  get simulatedSeconds() {
    return nativeOf(this).simulatedSeconds();
  }

  /** Independent patches in the grid (1 for a plain cloth; see createPatches). */
  get patchCount() {
    return nativeOf(this).patchCount();
  }

  /**
   * The patch a particle belongs to: patches are numbered row-major over the layout.
   * @param {number} particle
   */
  patchOf(particle) {
    requireIndex('particle', particle, this.particleCount);
    return nativeOf(this).patchOf(particle);
  }

  get particleCount() {
    return nativeOf(this).particleCount();
  }

  get columns() {
    return nativeOf(this).columns();
  }

  get rows() {
    return nativeOf(this).rows();
  }

  /** Seconds the accumulator carries to the next frame. */
  get carriedSeconds() {
    return nativeOf(this).carriedSeconds();
  }

  get disposed() {
    return !natives.get(this);
  }

  /** Frees the wasm memory. Safe to call twice. */
  dispose() {
    natives.get(this)?.delete();
    natives.set(this, null);
  }

  [Symbol.dispose]() {
    this.dispose();
  }
}

/**
 * A step's substep count as asked of familyRules() and substepFactors(): the setting's when
 * not given.
 * @param {ClothFace} face
 * @param {number | undefined} substeps
 * @returns {number}
 */
function checkedSubsteps(face, substeps) {
  if (substeps === undefined) return nativeOf(face).settings().substeps;
  requireInteger('substeps', substeps, 1, 1e6);
  return substeps;
}
