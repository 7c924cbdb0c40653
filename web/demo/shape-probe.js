// The figures of the cloth's shape shown in the corner: its largest structural strain and, when
// asked, its crossings with itself and its torn constraints. The CPU cloth is measured on the
// spot; the GPU cloth's positions (and torn mask) must first come back from the GPU, which takes a
// few frames, so its figures are those of the latest reading that has arrived.

/** @typedef {import('./stage.js').AnyCloth} AnyCloth */

/**
 * After a measure that took t (its strain, or its count of crossings, which costs far more:
 * milliseconds at 64 x 64, a tenth of a second for a tangled 128 x 128 heap in wasm), the next
 * waits at least this many times t, so measuring takes at most 1/50 of the page's time in the
 * measures themselves. A GPU cloth's read-back is not counted (its copy runs as the GPU gets to
 * it); at 1M particles its strain alone takes milliseconds, which twice a second cost frames.
 */
const measureCostShare = 50;

/**
 * @typedef {object} ShapeFigures
 * @property {number | null} maxStrain the largest |length - rest| / rest over the structural
 *   constraints; null until the cloth has been measured once
 * @property {number | null} crossings structural edges through the cloth's own triangles
 *   (`selfCrossings()`); null when not asked for or not yet measured
 * @property {number | null} torn structural and shear constraints torn (`tornConstraints()`);
 *   null when not asked for or not yet measured
 */

/**
 * @typedef {object} Wanted the figures to measure besides the strain
 * @property {boolean} crossings
 * @property {boolean} torn
 */

export class ShapeProbe {
  /** @type {WebGL2RenderingContext} the context the GPU cloths run in */
  #gl;
  /** @type {AnyCloth | null} the cloth the latest figures belong to */
  #measured = null;
  /** @type {ShapeFigures} */
  #figures = { maxStrain: null, crossings: null, torn: null };
  #reading = false;
  /** performance.now() before which the strain is not measured again */
  #strainDueMs = 0;
  /** performance.now() before which crossings are not counted again */
  #crossingsDueMs = 0;

  /** @param {WebGL2RenderingContext} gl */
  constructor(gl) {
    this.#gl = gl;
  }

  /**
   * The figures as last measured, and a new measurement started.
   * @param {AnyCloth} cloth
   * @param {Wanted} wanted what to measure besides the strain
   * @returns {ShapeFigures}
   */
  sample(cloth, wanted) {
    if (cloth !== this.#measured) {
      this.#measured = cloth;
      this.#figures = { maxStrain: null, crossings: null, torn: null };
      this.#strainDueMs = this.#crossingsDueMs = 0;
    }
    if (!wanted.crossings) this.#figures.crossings = null;
    if (!wanted.torn) this.#figures.torn = null;
    // The CPU cloth keeps its own count: nothing to read or measure.
    else if (cloth.backend === 'cpu') this.#figures.torn = cloth.tornConstraints();
    const nowMs = performance.now();
    const countCrossings = wanted.crossings && nowMs >= this.#crossingsDueMs;
    if (nowMs < this.#strainDueMs && !countCrossings) return this.#figures;
    if (cloth.backend === 'cpu') {
      this.#measure(cloth, undefined, countCrossings);
    } else if (!this.#reading) {
      this.#reading = true;
      // A GPU cloth's torn mask comes back with the positions, at the strain's rhythm.
      Promise.all([cloth.readPositions(), wanted.torn ? cloth.readTorn() : null])
        .then(([positions, torn]) => {
          // The cloth may have been replaced or disposed (a rebuild, a lost context) meanwhile.
          if (!this.#stillMeasuring(cloth)) return;
          this.#measure(cloth, positions, countCrossings, torn ?? undefined);
          if (torn) this.#figures.torn = cloth.tornConstraints(torn);
        }, (error) => {
          // A read-back that a lost context or device or a rebuild cut short has nothing to
          // report; the next sample reads again. Any other failure is a fault, and stays unhandled.
          const lost = cloth.backend === 'webgpu' ? cloth.lost : this.#gl.isContextLost();
          if (this.#stillMeasuring(cloth) && !lost) throw error;
        })
        .finally(() => { this.#reading = false; });
    }
    return this.#figures;
  }

  /**
   * @param {AnyCloth} cloth
   * @param {Float32Array | undefined} positions read back from the GPU; the CPU cloth's own when undefined
   * @param {boolean} countCrossings
   * @param {Uint8Array} [torn] read back with them: the strain of the constraints still solved
   */
  #measure(cloth, positions, countCrossings, torn) {
    // Each backend's strain and selfCrossings take the positions a GPU cloth read back.
    const measured = /** @type {import('../index.js').Cloth} */ (cloth);
    const strainStartMs = performance.now();
    this.#figures.maxStrain = measured.strain('structural', positions, torn).max;
    const strainEndMs = performance.now();
    this.#strainDueMs = strainEndMs + measureCostShare * (strainEndMs - strainStartMs);
    if (!countCrossings) return;
    this.#figures.crossings = measured.selfCrossings(positions);
    const endMs = performance.now();
    this.#crossingsDueMs = endMs + measureCostShare * (endMs - strainEndMs);
  }

  /** @param {AnyCloth} cloth */
  #stillMeasuring(cloth) {
    return cloth === this.#measured && !cloth.disposed;
  }

  /** Forgets the figures, e.g. when the context was lost and readings would be of nothing. */
  forget() {
    this.#measured = null;
    this.#figures = { maxStrain: null, crossings: null, torn: null };
  }
}
