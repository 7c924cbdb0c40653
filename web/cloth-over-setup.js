// What the cloths that step elsewhere share: the WebGL2 cloth, the WebGPU cloth and the worker
// cloth each hold a `ClothModel` (web/cloth-model.js), the core's model without the CPU stepper. It
// keeps their settings, pins, colliders and clock, checks every call (so the errors are the
// core's), and answers what does not depend on where the cloth steps. Subclasses reach it through
// setupOf(); the package does not export it.

/** @typedef {import('./cloth-model.js').ClothModel} ClothModel */

/** @type {WeakMap<ClothOverSetup, ClothModel | null>} each cloth's set-up, null once disposed */
const setups = new WeakMap();

/**
 * The model `cloth` holds.
 * @param {ClothOverSetup} cloth
 * @returns {ClothModel}
 */
export function setupOf(cloth) {
  const setup = setups.get(cloth);
  if (!setup) throw new Error('nuno: this cloth was disposed');
  return setup;
}

/**
 * Frees the model: the end of a subclass's dispose(). Safe to call twice.
 * @param {ClothOverSetup} cloth
 */
export function disposeSetupOf(cloth) {
  setups.get(cloth)?.dispose();
  setups.set(cloth, null);
}

export class ClothOverSetup {
  /** @param {ClothModel} setup owned from now on: disposeSetupOf() frees it */
  constructor(setup) {
    setups.set(this, setup);
  }

  get columns() {
    return setupOf(this).columns;
  }

  get rows() {
    return setupOf(this).rows;
  }

  get particleCount() {
    return setupOf(this).particleCount;
  }

  get triangleIndices() {
    return setupOf(this).triangleIndices;
  }

  /** The rest shape, x y z per particle: a live view of the model's. */
  get restPositions() {
    return setupOf(this).restPositions;
  }

  /** A copy of the settings in force. */
  get settings() {
    return setupOf(this).settings;
  }

  get colliders() {
    return setupOf(this).colliders;
  }

  /** Independent patches in the grid (1 for a plain cloth; see createPatches). */
  get patchCount() {
    return setupOf(this).patchCount;
  }

  /** @param {number} particle */
  patchOf(particle) {
    return setupOf(this).patchOf(particle);
  }

  /** @param {'structural' | 'shear' | 'bending'} family */
  constraintCount(family) {
    return setupOf(this).constraintCount(family);
  }

  /** @param {number} particle */
  isPinned(particle) {
    return setupOf(this).isPinned(particle);
  }

  get disposed() {
    return !setups.get(this);
  }

  /** Frees the cloth: each subclass frees its own resources, then the set-up. */
  dispose() {
    disposeSetupOf(this);
  }

  [Symbol.dispose]() {
    this.dispose();
  }
}
