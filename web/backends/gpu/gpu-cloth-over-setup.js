// What the two GPU cloths (WebGL2 and WebGPU) share beyond ClothOverSetup: the calls that change
// the model (set, pin, hold, release, reset) made on it and then on the backend's state through a
// few writes it supplies, the measures of positions read back, and the colliders: their collide
// pass reads the model's colliders packed into a fixed number of slots, so a cloth takes at most
// that many and packs them again after every change. packedCollidersOf() hands the packing to the
// cloth's passes; the package does not export it.
import { readBackPositions } from '../../arguments.js';
import { ClothOverSetup, setupOf } from '../../cloth-over-setup.js';
import { settingsRefusal } from './settings-refusal.js';

/** @typedef {import('../../cloth-model.js').ClothModel} ClothModel */
/** @typedef {import('../../index.js').ColliderDescription} ColliderDescription */
/** @typedef {import('../../index.js').ColliderChanges} ColliderChanges */
/** @typedef {import('../../index.js').PackedColliders} PackedColliders */

/**
 * What a GPU backend does to the state it keeps when the model changes: the few operations the
 * shared set(), pin(), hold(), release() and reset() below call.
 * @typedef {object} GpuStateWrites
 * @property {(particle?: number) => void} uploadInverseMasses the model's, all or one particle's
 * @property {(particle: number, position: Float32Array) => void} placeParticle
 * @property {() => void} loadRestState positions and velocities as the model starts them
 * @property {() => void} settingsChanged the per-step parameters it derived are stale
 */

/** @type {WeakMap<GpuClothOverSetup, PackedColliders>} */
const packings = new WeakMap();
/** @type {WeakMap<GpuClothOverSetup, GpuStateWrites>} */
const stateWrites = new WeakMap();

/** @param {GpuClothOverSetup} cloth */
function writesOf(cloth) {
  return /** @type {GpuStateWrites} */ (stateWrites.get(cloth));
}

/**
 * The colliders of `cloth` as its collide pass reads them.
 * @param {GpuClothOverSetup} cloth
 * @returns {PackedColliders}
 */
export function packedCollidersOf(cloth) {
  return /** @type {PackedColliders} */ (packings.get(cloth));
}

/**
 * Per collider of `cloth`, how much of the depth a particle began a substep with the collide pass
 * may undo in it: the core's depenetrationMetres (src/colliders.hpp) in the same float32 steps,
 * the colliders' travel since the last step added in its first substep.
 * @param {GpuClothOverSetup} cloth
 * @param {number} depenetrationSpeed m/s
 * @param {number} substepSeconds
 * @param {boolean} firstSubstep of a step
 * @returns {Float32Array}
 */
export function depenetrationMetres(cloth, depenetrationSpeed, substepSeconds, firstSubstep) {
  const { count, travels } = packedCollidersOf(cloth);
  const perSubstep = Math.fround(Math.fround(depenetrationSpeed) * Math.fround(substepSeconds));
  return Float32Array.from({ length: count }, (_, c) => (firstSubstep ? perSubstep + travels[c] : perSubstep));
}

/**
 * After a step's first substep, and on reset: the colliders' travel is swept (or void), as the
 * core's own stepping forgets it.
 * @param {GpuClothOverSetup} cloth
 */
export function forgetColliderTravel(cloth) {
  const setup = setupOf(cloth);
  setup.forgetColliderTravel();
  if (packedCollidersOf(cloth).travels.some((metres) => metres !== 0)) packings.set(cloth, setup.packedColliders());
}

export class GpuClothOverSetup extends ClothOverSetup {
  #maxColliders;
  /** @type {'gpu' | 'webgpu'} as settingsRefusal names it */
  #backend;

  /** As errors name the backend: 'GPU', 'WebGPU'. */
  get #errorName() {
    return this.#backend === 'gpu' ? 'GPU' : 'WebGPU';
  }

  /**
   * @param {ClothModel} setup owned from now on
   * @param {number} maxColliders the collide pass's slots
   * @param {'gpu' | 'webgpu'} backend as settingsRefusal names it
   * @param {GpuStateWrites} writes the backend's own, called once construction is over
   */
  constructor(setup, maxColliders, backend, writes) {
    super(setup);
    this.#maxColliders = maxColliders;
    this.#backend = backend;
    packings.set(this, setup.packedColliders());
    stateWrites.set(this, writes);
  }

  /** Back to the starting shape at rest; pins, colliders and parameters stay. */
  reset() {
    setupOf(this).reset();
    forgetColliderTravel(this);
    const writes = writesOf(this);
    writes.loadRestState();
    writes.uploadInverseMasses();
  }

  /**
   * Changes run-time settings, as `Cloth.set` does (and with its errors), and refuses by name
   * what this backend cannot run.
   * @param {Partial<import('../../index.js').ClothSettings>} changes
   */
  set(changes) {
    const setup = setupOf(this);
    const refusal = changes && typeof changes === 'object' ? settingsRefusal({ ...setup.settings, ...changes }, this.#backend) : null;
    if (refusal) throw new Error(refusal);
    setup.set(changes);
    const writes = writesOf(this);
    writes.settingsChanged();
    if ('pins' in changes) writes.uploadInverseMasses();
  }

  /** @param {number} particle */
  pin(particle) {
    setupOf(this).pin(particle);
    writesOf(this).uploadInverseMasses();
  }

  /** @param {number} particle */
  unpin(particle) {
    setupOf(this).unpin(particle);
    writesOf(this).uploadInverseMasses();
  }

  /**
   * Places a particle at a point and keeps it there until release(), as `Cloth.hold` does.
   * @param {number} particle
   * @param {ArrayLike<number>} position metres
   */
  hold(particle, position) {
    setupOf(this).hold(particle, position);
    const writes = writesOf(this);
    writes.uploadInverseMasses(particle);
    writes.placeParticle(particle, Float32Array.from(position));
  }

  /** @param {number} particle */
  release(particle) {
    setupOf(this).release(particle);
    writesOf(this).uploadInverseMasses(particle);
  }

  /**
   * Strain of positions read back with readPositions(): a GPU cloth keeps none on the CPU.
   * @param {'structural' | 'shear' | 'bending'} family
   * @param {Float32Array} positions from `await readPositions()`
   */
  strain(family, positions) {
    return setupOf(this).strain(family, readBackPositions(this.#errorName, 'strain', positions));
  }

  /**
   * Pairs closer than thickness / 2 that were farther than thickness apart at rest, of positions
   * read back with readPositions().
   * @param {number} thickness metres
   * @param {Float32Array} positions from `await readPositions()`
   */
  selfIntersections(thickness, positions) {
    return setupOf(this).selfIntersections(thickness, readBackPositions(this.#errorName, 'selfIntersections', positions));
  }

  /**
   * Structural edges through the cloth's own triangles (see Cloth.selfCrossings), of positions
   * read back with readPositions().
   * @param {Float32Array} positions from `await readPositions()`
   */
  selfCrossings(positions) {
    return setupOf(this).selfCrossings(readBackPositions(this.#errorName, 'selfCrossings', positions));
  }

  /**
   * The smallest signed distance from a free particle to a collider's surface (metres, negative
   * inside), of positions read back with readPositions().
   * @param {Float32Array} positions from `await readPositions()`
   */
  colliderClearance(positions) {
    return setupOf(this).colliderClearance(readBackPositions(this.#errorName, 'colliderClearance', positions));
  }

  /**
   * @param {ColliderDescription} collider
   * @returns {number} its id
   */
  addCollider(collider) {
    const setup = setupOf(this);
    if (setup.colliders.length >= this.#maxColliders) {
      throw new Error(`nuno: the ${this.#errorName} backend resolves at most ${this.#maxColliders} colliders; remove one first`);
    }
    const id = setup.addCollider(collider);
    packings.set(this, setup.packedColliders());
    return id;
  }

  /**
   * @param {number} id
   * @param {ColliderChanges} changes
   */
  updateCollider(id, changes) {
    const setup = setupOf(this);
    setup.updateCollider(id, changes);
    packings.set(this, setup.packedColliders());
  }

  /** @param {number} id */
  removeCollider(id) {
    const setup = setupOf(this);
    setup.removeCollider(id);
    packings.set(this, setup.packedColliders());
  }
}
