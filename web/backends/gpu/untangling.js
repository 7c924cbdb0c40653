// The untangling of a GPU cloth: the core's (src/untangle.hpp), which the CPU cloth runs inside
// its step. When the core's cadence says a look is due (every 30 steps, every step while the
// crossings fall), the positions are read back without waiting; the core looks at them for
// crossings and finds which particles went through the cloth and the triangle each at a cut is
// sent back through; the next step hands that to the backend's separate pass, which keeps those
// particles out of self-collision's pairs and pushes them back. A look due while another is
// under way is skipped, so a GPU that falls behind is looked at less often.
// The look sees the cloth a few steps late; the pushes are worked out from each substep's own
// positions, so they push the right way however late the look. What it found holds until the
// next look, though: a particle that freed itself sooner sits out the pairs until then.
// A look runs on the page's thread and grows with the cloth (in wasm here: 5 ms at 64 x 64, 11 ms
// at 128 x 128, 72 ms at 256 x 256), where a GPU step costs the page almost nothing: while the
// cloth is free, looks take at most lookShareOfPageTime of the page's time (a 256 x 256 cloth is
// looked at about every 1.5 s rather than every half second); while it is tangled, every look
// the core asks for runs. The package does not export this module.

/** The most of the page's time the looks at a free cloth take. */
const lookShareOfPageTime = 0.05;

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
  /**
   * What the last look found, for the backend at the next step (so GL and WebGPU work happens
   * inside the cloth's calls only): the core's records, null for every particle free, undefined
   * for nothing new.
   * @type {Int32Array | null | undefined}
   */
  #found = undefined;
  /** @type {unknown} an error of the last look, thrown by the next step */
  #lookError = undefined;
  /** performance.now() before which a free cloth is not looked at again, ms. */
  #nextLookAtMs = 0;

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

  /**
   * After each fixed step with self-collision on: hands the backend what the last look found,
   * and starts a look when one is due. Throws what went wrong in the last look.
   */
  stepped() {
    if (this.#lookError !== undefined) {
      const error = this.#lookError;
      this.#lookError = undefined;
      throw error;
    }
    if (this.#found !== undefined) {
      this.#uploadTangles(this.#found);
      this.#found = undefined;
    }
    if (!this.#setup.untanglingLookDue() || this.#lookInFlight) return;
    if (!this.#holdsTangles && performance.now() < this.#nextLookAtMs) return;
    this.#lookInFlight = true;
    const generation = this.#generation;
    this.#readPositions().then((positions) => {
      if (generation !== this.#generation || this.#setup.disposed) return;
      const lookStartedMs = performance.now();
      const tangles = this.#setup.untangle(positions);
      const lookEndedMs = performance.now();
      this.#nextLookAtMs = lookEndedMs + (lookEndedMs - lookStartedMs) / lookShareOfPageTime;
      // A copy: the core's view lasts until its next look only.
      if (tangles.length > 0) this.#found = Int32Array.from(tangles);
      else if (this.#holdsTangles) this.#found = null;
      this.#holdsTangles = tangles.length > 0;
    }, () => {
      // A lost context or device drops the look; the next is due within 30 steps.
    }).catch((error) => {
      if (generation === this.#generation) this.#lookError = error;
    }).finally(() => {
      if (generation === this.#generation) this.#lookInFlight = false;
    });
  }

  /** On reset() and after the backend made its state anew: what was found no longer holds. */
  forget() {
    this.#generation++;
    this.#lookInFlight = false;
    this.#found = undefined;
    this.#lookError = undefined;
    if (this.#holdsTangles) this.#uploadTangles(null);
    this.#holdsTangles = false;
    this.#nextLookAtMs = 0;
  }
}
