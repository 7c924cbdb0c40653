// The CPU cloth: a thin JS face over the wasm Cloth that keeps its typed-array views valid.

import { requireInteger, requireNumber } from '../../arguments.js';
import { ClothFace, nativeOf } from '../../cloth-face.js';
import { pickFrom, requireRay } from '../../picking.js';
import { countTornConstraints } from '../../torn-constraints.js';

/** @typedef {import('../../index.js').ClothSettings} ClothSettings */

export class Cloth extends ClothFace {
  /** @type {Float32Array | null} */
  #positions = null;
  /** @type {Uint32Array | null} */
  #triangleIndices = null;
  /** @type {Uint8Array | null} */
  #tornMask = null;
  /**
   * Why this cloth runs on the CPU although the GPU was offered (`backend: 'auto'` on a device
   * that cannot run the GPU solver); null when the CPU was asked for.
   * @type {string | null}
   */
  fallbackReason = null;
  /** Null: `requestCloth` times the GPU backends only (as on the GPU cloths, so every cloth it gives has it). */
  trialMsPerStep = null;

  /**
   * Use `nuno.createCloth(settings)`.
   * @param {any} core the Emscripten module
   * @param {ClothSettings} settings
   */
  constructor(core, settings) {
    super(new core.Cloth(settings));
  }

  /**
   * Advances by one frame's time through the fixed-step accumulator.
   * @param {number} frameSeconds time since the last call, seconds
   * @returns {number} the fixed steps taken
   */
  step(frameSeconds) {
    requireNumber('frameSeconds', frameSeconds, 0, Number.MAX_VALUE);
    return nativeOf(this).step(frameSeconds);
  }

  /**
   * A copy of the positions, xyz per particle. Asynchronous like the GPU cloth's, which reads
   * its textures back, so code can take either backend.
   * @returns {Promise<Float32Array>}
   */
  async readPositions() {
    return Float32Array.from(this.positions);
  }

  /**
   * The particle a ray means, for grabbing the cloth with a pointer: among the particles within
   * `maxDistance` of the ray and in front of its origin, the one nearest along it.
   * @param {ArrayLike<number>} origin metres
   * @param {ArrayLike<number>} direction any length but zero
   * @param {number} maxDistance metres from the ray, [0, 1e6]
   * @returns {Promise<import('../../picking.js').PickedParticle | null>} null when none is that close
   */
  pickParticle(origin, direction, maxDistance) {
    return Promise.resolve(pickFrom(this.positions, requireRay(origin, direction, maxDistance)));
  }

  /** @param {number} [count] whole fixed steps to take, [0, 1000000] */
  stepFixed(count = 1) {
    requireInteger('count', count, 0, 1e6);
    nativeOf(this).stepFixed(count);
  }

  /**
   * The first `count` stages of one substep of the current schedule (substepSchedule()), from
   * the current state: for comparing each stage across backends on the same input.
   * @param {number} count [0, the schedule's length]
   */
  stepStages(count) {
    const native = nativeOf(this);
    requireInteger('count', count, 0, native.substepSchedule().length);
    native.stepStages(count);
  }

  /** xyz per particle, row-major: a live view of wasm memory (no copy). */
  get positions() {
    // Memory growth detaches the old buffer, which leaves a view of length 0: fetch again. (The
    // threaded module's memory is shared: growth detaches nothing and the old view stays good.)
    if (!this.#positions || this.#positions.length === 0) this.#positions = nativeOf(this).positions();
    return /** @type {Float32Array} */ (this.#positions);
  }

  /** xyz per particle, unit normals computed from the current positions on each read. */
  get normals() {
    return nativeOf(this).normals();
  }

  /** @returns {'cpu'} where this cloth is simulated */
  get backend() {
    return 'cpu';
  }

  /** 1/kg per particle, 0 where pinned: a live view. */
  get inverseMasses() {
    return nativeOf(this).inverseMasses();
  }

  /** xyz per particle, m/s. A live view. */
  get velocities() {
    return nativeOf(this).velocities();
  }

  /** Two triangles per grid cell, for drawing. A live view. */
  get triangleIndices() {
    if (!this.#triangleIndices || this.#triangleIndices.length === 0) {
      this.#triangleIndices = nativeOf(this).triangleIndices();
    }
    return /** @type {Uint32Array} */ (this.#triangleIndices);
  }

  /**
   * A byte per particle, bit d set when its constraint in direction d (0 right, 1 down, 2
   * diagonal down, 3 diagonal up) has torn (see the `tearStrain` setting): a live view.
   * @returns {Uint8Array}
   */
  get tornMask() {
    if (!this.#tornMask || this.#tornMask.length === 0) this.#tornMask = nativeOf(this).tornMask();
    return /** @type {Uint8Array} */ (this.#tornMask);
  }

  /**
   * A copy of `tornMask`. Asynchronous like the GPU cloths', which read theirs back.
   * @returns {Promise<Uint8Array>}
   */
  async readTorn() {
    return this.tornMask.slice();
  }

  /**
   * The structural and shear constraints torn since the start or the last reset(): this cloth's
   * own, or those of a mask from `readTorn()`.
   * @param {Uint8Array} [torn]
   * @returns {number}
   */
  tornConstraints(torn) {
    if (torn === undefined) return nativeOf(this).tornConstraints();
    return countTornConstraints(torn, this.particleCount);
  }

  /** Joules. */
  get kineticEnergy() {
    return nativeOf(this).kineticEnergy();
  }

  /** The smallest y of any particle, metres. */
  get lowestPoint() {
    return nativeOf(this).lowestPoint();
  }

  get stepsTaken() {
    return nativeOf(this).stepsTaken();
  }

  /** Threads that step this cloth: the loaded core's from 4,096 particles up, else 1. */
  get threadCount() {
    return nativeOf(this).threadCount();
  }

  /**
   * Fixed steps that left some position or velocity non-finite (NaN or infinite) and were
   * undone: the cloth went back to where that step began. Validation is meant to keep this at
   * 0; a count above 0 means some input still made the solver blow up.
   * @returns {number}
   */
  get nonFiniteRecoveries() {
    return nativeOf(this).nonFiniteRecoveries();
  }

  /** Frees the cloth's wasm memory. Safe to call twice. */
  dispose() {
    super.dispose();
    this.#positions = null;
    this.#triangleIndices = null;
    this.#tornMask = null;
  }
}
