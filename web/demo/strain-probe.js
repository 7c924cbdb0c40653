// The structural strain shown in the corner. The CPU cloth measures it on the spot; the GPU
// cloth's positions must first come back from the GPU, which takes a few frames, so its figure
// is the latest reading that has arrived.

/** @typedef {import('./stage.js').AnyCloth} AnyCloth */

export class StrainProbe {
  /** @type {WebGL2RenderingContext} the context the GPU cloths run in */
  #gl;
  /** @type {AnyCloth | null} the cloth the latest figure belongs to */
  #measured = null;
  /** @type {number | null} */
  #maxStrain = null;
  #reading = false;

  /** @param {WebGL2RenderingContext} gl */
  constructor(gl) {
    this.#gl = gl;
  }

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
        .then((positions) => {
          // The cloth may have been replaced or disposed (a rebuild, a lost context) meanwhile.
          if (this.#stillMeasuring(cloth)) this.#maxStrain = cloth.strain('structural', positions).max;
        }, (error) => {
          // A read-back that a lost context or device or a rebuild cut short has nothing to
          // report; the next sample reads again. Any other failure is a fault, and stays unhandled.
          const lost = cloth.backend === 'webgpu' ? cloth.lost : this.#gl.isContextLost();
          if (this.#stillMeasuring(cloth) && !lost) throw error;
        })
        .finally(() => { this.#reading = false; });
    }
    return this.#maxStrain;
  }

  /** @param {AnyCloth} cloth */
  #stillMeasuring(cloth) {
    return cloth === this.#measured && !cloth.disposed;
  }

  /** Forgets the figure, e.g. when the context was lost and readings would be of nothing. */
  forget() {
    this.#measured = null;
    this.#maxStrain = null;
  }
}
