// The live figures in the corner: frames per second and milliseconds per solver step, averaged
// over half a second so they can be read, plus the particle count and solver.

const reportEveryMs = 500;

export class StatsOverlay {
  /** @type {HTMLElement} */
  #element;
  #windowStartMs = performance.now();
  #frames = 0;
  #steps = 0;
  #stepMs = 0;
  #describeCloth;

  /**
   * @param {HTMLElement} element its text is replaced
   * @param {string} describeCloth e.g. '1600 particles · xpbd'
   */
  constructor(element, describeCloth) {
    this.#element = element;
    this.#describeCloth = describeCloth;
    element.textContent = describeCloth;
  }

  /**
   * @param {number} steps fixed steps this frame took
   * @param {number} stepMs time spent in them, milliseconds
   */
  recordFrame(steps, stepMs) {
    this.#frames += 1;
    this.#steps += steps;
    this.#stepMs += stepMs;
    const nowMs = performance.now();
    const elapsedMs = nowMs - this.#windowStartMs;
    if (elapsedMs < reportEveryMs) return;

    const fps = (this.#frames * 1000) / elapsedMs;
    const msPerStep = this.#steps > 0 ? (this.#stepMs / this.#steps).toFixed(2) : '–';
    this.#element.textContent = `${fps.toFixed(0)} fps · ${msPerStep} ms/step · ${this.#describeCloth}`;
    this.#windowStartMs = nowMs;
    this.#frames = this.#steps = this.#stepMs = 0;
  }
}
