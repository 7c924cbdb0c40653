// Recognises two quick taps in one place, for mouse, pen and touch alike: the browser's own
// dblclick does not reliably fire for touch on a canvas that takes every touch (touch-action:
// none), so one rule serves them all.

/** A press counts as a tap if it is this short... */
const tapMaxMs = 300;
/** ...and moves this little, in CSS pixels. */
const tapMaxTravelPixels = 10;
/** Two taps count as a double tap this close in time... */
const doubleTapMaxGapMs = 400;
/** ...and in place. */
const doubleTapMaxDistancePixels = 30;

/** @typedef {{ x: number, y: number, timeMs: number }} Press */

export class DoubleTap {
  /** @type {Map<number, Press>} where and when each pointer went down */
  #downs = new Map();
  /** @type {Press | null} */
  #lastTap = null;

  /** @param {PointerEvent} event */
  down(event) {
    this.#downs.set(event.pointerId, pressOf(event));
  }

  /**
   * @param {PointerEvent} event a pointerup or pointercancel
   * @returns {boolean} whether this release completes a double tap
   */
  up(event) {
    const down = this.#downs.get(event.pointerId);
    this.#downs.delete(event.pointerId);
    if (!down || event.type !== 'pointerup') return false;
    const up = pressOf(event);
    if (up.timeMs - down.timeMs > tapMaxMs || distance(up, down) > tapMaxTravelPixels) return false;
    const last = this.#lastTap;
    if (last && up.timeMs - last.timeMs <= doubleTapMaxGapMs && distance(up, last) <= doubleTapMaxDistancePixels) {
      this.#lastTap = null;
      return true;
    }
    this.#lastTap = up;
    return false;
  }
}

/**
 * @param {PointerEvent} event
 * @returns {Press}
 */
function pressOf(event) {
  return { x: event.clientX, y: event.clientY, timeMs: event.timeStamp };
}

/**
 * @param {Press} a
 * @param {Press} b
 */
function distance(a, b) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
