// The CPU cloth: a thin JS face over the wasm Cloth that keeps its typed-array views valid.

import { maxColliderId, requireFamily, requireIndex, requireInteger, requireNumber, requireNumbers } from './arguments.js';

/** @typedef {import('./index.js').ClothSettings} ClothSettings */
/** @typedef {import('./index.js').ColliderDescription} ColliderDescription */
/** @typedef {import('./arguments.js').Family} Family */

export class Cloth {
  /** @type {any} */
  #native;
  /** @type {Float32Array | null} */
  #positions = null;
  /** @type {Uint32Array | null} */
  #triangleIndices = null;
  /**
   * Why this cloth runs on the CPU although the GPU was offered (`backend: 'auto'` on a device
   * that cannot run the GPU solver); null when the CPU was asked for.
   * @type {string | null}
   */
  fallbackReason = null;

  /**
   * Use `nuno.createCloth(settings)`.
   * @param {any} core the Emscripten module
   * @param {ClothSettings} settings
   */
  constructor(core, settings) {
    this.#native = new core.Cloth(settings);
  }

  /** @returns {any} */
  get #live() {
    if (!this.#native) throw new Error('nuno: this cloth was disposed');
    return this.#native;
  }

  /**
   * Advances by one frame's time through the fixed-step accumulator.
   * @param {number} frameSeconds time since the last call, seconds
   * @returns {number} the fixed steps taken
   */
  step(frameSeconds) {
    requireNumber('frameSeconds', frameSeconds, 0, Number.MAX_VALUE);
    return this.#live.step(frameSeconds);
  }

  /**
   * The accumulator alone: how many fixed steps a frame's time is worth, without stepping.
   * @param {number} frameSeconds
   * @returns {number}
   */
  advanceClock(frameSeconds) {
    requireNumber('frameSeconds', frameSeconds, 0, Number.MAX_VALUE);
    return this.#live.advanceClock(frameSeconds);
  }

  /**
   * What each family's stiffness means for one substep of the current settings, in family
   * order (structural, shear, bending): XPBD's compliance / h^2, PBD's stiffness, and the
   * mass-spring gains while stretched and while shrunk.
   * @returns {{alphaTilde: number, stiffness: number, stretchGain: number, shrinkGain: number}[]}
   */
  familyRules() {
    return this.#live.familyRules();
  }

  /**
   * What damping and wind drag do to a velocity over one substep of the current settings, as
   * float32 values computed once by the core (so a GPU pass can use the very same ones):
   * `keep` = exp(-damping h), and the shares of the relative wind's normal and tangential parts
   * the velocity takes up, 1 - exp(-windNormalDrag h) and 1 - exp(-windTangentialDrag h).
   * @returns {import('./index.js').SubstepFactors}
   */
  substepFactors() {
    return this.#live.substepFactors();
  }

  /**
   * A copy of the positions, xyz per particle. Asynchronous like the GPU cloth's, which reads
   * its textures back, so code can take either backend.
   * @returns {Promise<Float32Array>}
   */
  async readPositions() {
    return Float32Array.from(this.positions);
  }

  /** @param {number} [count] whole fixed steps to take, [0, 1000000] */
  stepFixed(count = 1) {
    requireInteger('count', count, 0, 1e6);
    this.#live.stepFixed(count);
  }

  /** Back to the starting shape at rest; pins, colliders and parameters stay. */
  reset() {
    this.#live.reset();
  }

  /**
   * Changes run-time settings (solver, substeps, wind, stiffness...). Grid settings throw.
   * @param {Partial<ClothSettings>} changes
   */
  set(changes) {
    this.#live.set(changes);
  }

  /** @returns {import('./index.js').ResolvedClothSettings} a copy of the settings in force */
  get settings() {
    return this.#live.settings();
  }

  /** @param {number} particle an index in [0, particleCount) */
  pin(particle) {
    requireIndex('particle', particle, this.particleCount);
    this.#live.pin(particle);
  }

  /** @param {number} particle */
  unpin(particle) {
    requireIndex('particle', particle, this.particleCount);
    this.#live.unpin(particle);
  }

  /** @param {number} particle */
  isPinned(particle) {
    requireIndex('particle', particle, this.particleCount);
    return this.#live.isPinned(particle);
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
    this.#live.hold(particle, Array.from(position));
  }

  /**
   * Ends a hold: the particle gets its own inverse mass back (a pinned one stays pinned there).
   * @param {number} particle
   */
  release(particle) {
    requireIndex('particle', particle, this.particleCount);
    this.#live.release(particle);
  }

  /**
   * @param {ColliderDescription} collider
   * @returns {number} its id
   */
  addCollider(collider) {
    return this.#live.addCollider(collider);
  }

  /**
   * Moves or reshapes a collider; only the fields given change.
   * @param {number} id
   * @param {Partial<ColliderDescription>} changes
   */
  updateCollider(id, changes) {
    requireInteger('id', id, 1, maxColliderId);
    this.#live.updateCollider(id, changes);
  }

  /** @param {number} id as addCollider returned it */
  removeCollider(id) {
    requireInteger('id', id, 1, maxColliderId);
    this.#live.removeCollider(id);
  }

  /** xyz per particle, row-major: a live view of wasm memory (no copy). */
  get positions() {
    // Memory growth detaches the old buffer, which leaves a view of length 0: fetch again. (The
    // threaded module's memory is shared: growth detaches nothing and the old view stays good.)
    if (!this.#positions || this.#positions.length === 0) this.#positions = this.#live.positions();
    return /** @type {Float32Array} */ (this.#positions);
  }

  /** xyz per particle, unit normals computed from the current positions on each read. */
  get normals() {
    return this.#live.normals();
  }

  /** @returns {'cpu'} where this cloth is simulated */
  get backend() {
    return 'cpu';
  }

  /**
   * The colliders in the order they are resolved, as plain data (planes as normal and offset:
   * the plane dot(normal, x) = offset).
   * @returns {import('./index.js').ColliderState[]}
   */
  get colliders() {
    return this.#live.colliders();
  }

  /** 1/kg per particle, 0 where pinned: a live view. */
  get inverseMasses() {
    return this.#live.inverseMasses();
  }

  /** The rest shape, x y z per particle (the starting shape the rest lengths come from): a live view. */
  get restPositions() {
    return this.#live.restPositions();
  }

  /**
   * Per particle, the rest length (metres) of the constraint starting there in each direction
   * of `nuno.directions`, 0 where there is none; 8 floats per particle (the last two unused).
   * A live view: this is the layout the GPU solver uploads.
   */
  get restLengthsByDirection() {
    return this.#live.restLengthsByDirection();
  }

  /** xyz per particle, m/s. A live view. */
  get velocities() {
    return this.#live.velocities();
  }

  /** Two triangles per grid cell, for drawing. A live view. */
  get triangleIndices() {
    if (!this.#triangleIndices || this.#triangleIndices.length === 0) {
      this.#triangleIndices = this.#live.triangleIndices();
    }
    return /** @type {Uint32Array} */ (this.#triangleIndices);
  }

  /**
   * |length - restLength| / restLength over one constraint family, of this cloth's positions or
   * of the positions given (xyz per particle, e.g. read back from a GPU cloth).
   * @param {Family} family
   * @param {Float32Array} [positions]
   * @returns {{max: number, mean: number}}
   */
  strain(family, positions) {
    requireFamily(family);
    if (positions !== undefined) requireNumbers('positions', positions);
    return this.#live.strain(family, positions);
  }

  /**
   * The smallest signed distance from a free particle to a collider's surface, metres (negative
   * inside; Infinity without colliders), of this cloth's positions or of the positions given.
   * @param {Float32Array} [positions]
   * @returns {number}
   */
  colliderClearance(positions) {
    if (positions !== undefined) requireNumbers('positions', positions);
    return this.#live.colliderClearance(positions);
  }

  /**
   * Pairs of particles closer than thickness / 2 that were farther than thickness apart at rest:
   * cloth that has passed through itself (or is about to), of this cloth's positions or of the
   * positions given.
   * @param {number} thickness metres, (0, 1]
   * @param {Float32Array} [positions]
   * @returns {number}
   */
  selfIntersections(thickness, positions) {
    requireNumber('thickness', thickness, Number.MIN_VALUE, 1);
    if (positions !== undefined) requireNumbers('positions', positions);
    return this.#live.selfIntersections(thickness, positions);
  }

  /**
   * Structural edges (a particle and its right or down neighbour) passing through triangles of
   * the cloth that share no particle with them, within a patch or between patches: cloth that
   * has passed through itself, however far apart the layers have moved since (where
   * selfIntersections sees only layers closer than the thickness). Each edge-triangle pair
   * counts once; a particle pushed through a layer counts 8. Of this cloth's positions or of the
   * positions given.
   * @param {Float32Array} [positions]
   * @returns {number} the edge-triangle crossings
   */
  selfCrossings(positions) {
    if (positions !== undefined) requireNumbers('positions', positions);
    return this.#live.selfCrossings(positions);
  }

  /**
   * The colliders as the GPU collide pass reads them (the core packs them; a kind code each, its
   * shape as vec4s, its friction, how far it moved since the last step), in the order they are
   * resolved.
   * @returns {import('./index.js').PackedColliders}
   */
  packedColliders() {
    return this.#live.packedColliders();
  }

  /** For the GPU cloth whose set-up this is: a step has swept the colliders' travel. */
  forgetColliderTravel() {
    this.#live.forgetColliderTravel();
  }

  /**
   * The stages one substep runs with the current settings, in order, as the core schedules them
   * for both backends.
   * @returns {import('./index.js').SubstepStage[]}
   */
  substepSchedule() {
    return this.#live.substepSchedule();
  }

  /** @param {Family} family */
  constraintCount(family) {
    requireFamily(family);
    return this.#live.constraintCount(family);
  }

  /** Joules. */
  get kineticEnergy() {
    return this.#live.kineticEnergy();
  }

  /** The smallest y of any particle, metres. */
  get lowestPoint() {
    return this.#live.lowestPoint();
  }

  /** Seconds simulated since the start or the last reset(): the clock the gusts follow. */
  get simulatedSeconds() {
    return this.#live.simulatedSeconds();
  }

  /**
   * For a solver that steps elsewhere (the GPU cloth, whose set-up this cloth is): the gust
   * waves now, as its predict pass reads them (two vec4s a wave: wavevector and phase,
   * amplitude and 0), then this cloth's gust clock moved on by one substep. A view, valid until
   * the next call.
   * @returns {Float32Array}
   */
  gustWavesForSubstep() {
    return this.#live.gustWavesForSubstep();
  }

  /** Independent patches in the grid (1 for a plain cloth; see createPatches). */
  get patchCount() {
    return this.#live.patchCount();
  }

  /**
   * The patch a particle belongs to: patches are numbered row-major over the layout.
   * @param {number} particle
   */
  patchOf(particle) {
    requireIndex('particle', particle, this.particleCount);
    return this.#live.patchOf(particle);
  }

  get particleCount() {
    return this.#live.particleCount();
  }

  get columns() {
    return this.#live.columns();
  }

  get rows() {
    return this.#live.rows();
  }

  /** Seconds the accumulator carries to the next frame. */
  get carriedSeconds() {
    return this.#live.carriedSeconds();
  }

  get stepsTaken() {
    return this.#live.stepsTaken();
  }

  /** Threads that step this cloth: the loaded core's from 4,096 particles up, else 1. */
  get threadCount() {
    return this.#live.threadCount();
  }

  /**
   * Fixed steps that left some position or velocity non-finite (NaN or infinite) and were
   * undone: the cloth went back to where that step began. Validation is meant to keep this at
   * 0; a count above 0 means some input still made the solver blow up.
   * @returns {number}
   */
  get nonFiniteRecoveries() {
    return this.#live.nonFiniteRecoveries();
  }

  get disposed() {
    return this.#native === null;
  }

  /** Frees the cloth's wasm memory. Safe to call twice. */
  dispose() {
    this.#native?.delete();
    this.#native = null;
    this.#positions = null;
    this.#triangleIndices = null;
  }

  [Symbol.dispose]() {
    this.dispose();
  }
}
