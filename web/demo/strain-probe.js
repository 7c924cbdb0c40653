// The structural strain shown in the corner. The CPU cloth measures it on the spot; the GPU
// cloth's positions must first come back from the GPU, which takes a few frames, so its figure
// is the latest reading that has arrived.

/** @typedef {import('nuno').Cloth | import('nuno').GpuCloth} AnyCloth */

export class StrainProbe {
  /** @type {AnyCloth | null} the cloth the latest figure belongs to */
  #measured = null;
  /** @type {number | null} */
  #maxStrain = null;
  #reading = false;

  /**
   * The largest |length - rest| / rest over the structural constraints, as last measured, and
   * a new measurement started; null until the cloth has been measured once.
   * @param {AnyCloth} cloth
   * @returns {number | null}
   */
  sample(cloth) {
    if (cloth !== this.#measured) {
      this.#measured = cloth;
      this.#maxStrain = null;
    }
    if (cloth.backend === 'cpu') {
      this.#maxStrain = cloth.strain('structural').max;
    } else if (!this.#reading) {
      this.#reading = true;
      cloth.readPositions()
        // The cloth may have been replaced or disposed (a rebuild, a lost context) meanwhile.
        .then((positions) => { if (cloth === this.#measured && !cloth.disposed) this.#maxStrain = cloth.strain('structural', positions).max; })
        .finally(() => { this.#reading = false; });
    }
    return this.#maxStrain;
  }

  /** Forgets the figure, e.g. when the context was lost and readings would be of nothing. */
  forget() {
    this.#measured = null;
    this.#maxStrain = null;
  }
}
