// The untangling of a GPU cloth: the core's (src/untangle.hpp), which the CPU cloth runs inside
// its step. Every few steps, and every step while the crossings fall, the positions are read back
// without waiting; the core looks at them for crossings and finds which particles went through
// the cloth and the triangle each at a cut is sent back through; the backend hands that to its
// separate pass, which keeps those particles out of self-collision's pairs and pushes them back.
// The look sees the cloth a few steps late; the pushes are worked out from each substep's own
// positions, so a late look only frees the cloth later.
// A look runs on the page's thread and grows with the cloth (in wasm here: 5 ms at 64 x 64, 11 ms
// at 128 x 128, 72 ms at 256 x 256), where a GPU step costs the page almost nothing: while the
// cloth is free, looks take at most kLookShare of the page's time (a 256 x 256 cloth is looked
// at every 1.4 s rather than every half second); while it is tangled, every look the core asks
// for runs. The package does not export this module.

/** The most of the page's time the looks at a free cloth take. */
const kLookShare = 0.05;

/** @typedef {import('../../cloth-model.js').ClothModel} ClothModel */

export class GpuUntangling {
  #setup;
  #readPositions;
  #uploadTangles;
  #lookInFlight = false;
  /** Moved on by forget(): a look begun before it is dropped. */
  #generation = 0;
  /** Whether the separate pass holds tangles (any particle not free). */
  #holdsTangles = false;
  /** performance.now() before which a free cloth is not looked at again. */
  #nextLookAt = 0;

  /**
   * @param {ClothModel} setup the cloth's model, which looks
   * @param {() => Promise<Float32Array>} readPositions the cloth's read-back
   * @param {(tangles: Int32Array | null) => void} uploadTangles the backend's: the look's
   *   records for the separate pass, or null for every particle free
   */
  constructor(setup, readPositions, uploadTangles) {
    this.#setup = setup;
    this.#readPositions = readPositions;
    this.#uploadTangles = uploadTangles;
  }

  /** After each fixed step with self-collision on: starts a look when one is due. */
  stepped() {
    if (!this.#setup.untanglingLookDue() || this.#lookInFlight) return;
    if (!this.#holdsTangles && performance.now() < this.#nextLookAt) return;
    this.#lookInFlight = true;
    const generation = this.#generation;
    this.#readPositions().then((positions) => {
      if (generation !== this.#generation || this.#setup.disposed) return;
      const lookStarted = performance.now();
      const tangles = this.#setup.untangle(positions);
      const lookEnded = performance.now();
      this.#nextLookAt = lookEnded + (lookEnded - lookStarted) / kLookShare;
      if (tangles.length > 0) this.#uploadTangles(tangles);
      else if (this.#holdsTangles) this.#uploadTangles(null);
      this.#holdsTangles = tangles.length > 0;
    }, () => {
      // A lost context or device drops the look; the next one is due in a few steps.
    }).finally(() => {
      if (generation === this.#generation) this.#lookInFlight = false;
    });
  }

  /** On reset() and after the backend made its state anew: what was found no longer holds. */
  forget() {
    this.#generation++;
    this.#lookInFlight = false;
    if (this.#holdsTangles) this.#uploadTangles(null);
    this.#holdsTangles = false;
    this.#nextLookAt = 0;
  }
}
