// An orbit camera driven by Pointer Events: drag to orbit the target, wheel or pinch to zoom.
import { mat4, vec3 } from 'gl-matrix';

/**
 * @typedef {object} OrbitStart
 * @property {[number, number, number]} target the point orbited, metres
 * @property {number} distanceMetres from the target to the eye
 * @property {number} azimuthRadians about +y, 0 looks from +z
 * @property {number} elevationRadians above the horizon
 */

const radiansPerPixel = 0.008;
// Vertical on landscape screens; on portrait ones it is the horizontal angle instead, so a
// phone held upright sees the same width of scene rather than a narrow slice.
const fieldOfViewRadians = (40 * Math.PI) / 180;
const nearMetres = 0.05;
const farMetres = 100;
const minDistanceMetres = 0.6;
const maxDistanceMetres = 20;
// Kept just above the floor and short of straight down, where lookAt's up vector degenerates.
const minElevationRadians = 0.02;
const maxElevationRadians = 1.5;

export class OrbitCamera {
  viewMatrix = mat4.create();
  projectionMatrix = mat4.create();
  eye = vec3.create();

  #target;
  #distanceMetres;
  #azimuthRadians;
  #elevationRadians;
  /** @type {Map<number, {x: number, y: number}>} pointers held down, CSS pixels */
  #pointers = new Map();
  #listeners = new AbortController();

  /**
   * @param {HTMLElement} element receives the pointer and wheel input
   * @param {OrbitStart} start
   */
  constructor(element, start) {
    this.#target = vec3.fromValues(...start.target);
    this.#distanceMetres = start.distanceMetres;
    this.#azimuthRadians = start.azimuthRadians;
    this.#elevationRadians = start.elevationRadians;

    const options = { signal: this.#listeners.signal };
    element.addEventListener('pointerdown', (event) => {
      element.setPointerCapture(event.pointerId);
      this.#pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    }, options);
    element.addEventListener('pointermove', (event) => this.#move(event), options);
    for (const type of ['pointerup', 'pointercancel']) {
      element.addEventListener(type, (event) => this.#pointers.delete(/** @type {PointerEvent} */ (event).pointerId), options);
    }
    element.addEventListener('wheel', (event) => {
      event.preventDefault(); // the page itself must not scroll
      const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
      this.#zoom(Math.exp(pixels * 0.001));
    }, { ...options, passive: false });
  }

  /**
   * Recomputes the matrices and the eye for this frame.
   * @param {number} aspect drawing buffer width / height
   */
  update(aspect) {
    const horizontal = Math.cos(this.#elevationRadians) * this.#distanceMetres;
    vec3.set(this.eye,
      this.#target[0] + Math.sin(this.#azimuthRadians) * horizontal,
      this.#target[1] + Math.sin(this.#elevationRadians) * this.#distanceMetres,
      this.#target[2] + Math.cos(this.#azimuthRadians) * horizontal);
    mat4.lookAt(this.viewMatrix, this.eye, this.#target, [0, 1, 0]);
    const verticalRadians = aspect >= 1 ? fieldOfViewRadians
      : 2 * Math.atan(Math.tan(fieldOfViewRadians / 2) / aspect);
    mat4.perspective(this.projectionMatrix, verticalRadians, aspect, nearMetres, farMetres);
  }

  /** Removes every listener this camera added. */
  dispose() {
    this.#listeners.abort();
  }

  /** @param {PointerEvent} event */
  #move(event) {
    const previous = this.#pointers.get(event.pointerId);
    if (!previous) return;
    const current = { x: event.clientX, y: event.clientY };
    if (this.#pointers.size === 1) {
      this.#azimuthRadians -= (current.x - previous.x) * radiansPerPixel;
      this.#elevationRadians = clamp(this.#elevationRadians + (current.y - previous.y) * radiansPerPixel,
        minElevationRadians, maxElevationRadians);
    } else if (this.#pointers.size === 2) {
      const other = [...this.#pointers.entries()].find(([id]) => id !== event.pointerId)?.[1];
      if (other) {
        // Fingers moving apart bring the target closer, by the ratio of their spans.
        const spanBefore = Math.hypot(previous.x - other.x, previous.y - other.y);
        const spanAfter = Math.hypot(current.x - other.x, current.y - other.y);
        if (spanBefore > 0 && spanAfter > 0) this.#zoom(spanBefore / spanAfter);
      }
    }
    this.#pointers.set(event.pointerId, current);
  }

  /** @param {number} factor above 1 moves away */
  #zoom(factor) {
    this.#distanceMetres = clamp(this.#distanceMetres * factor, minDistanceMetres, maxDistanceMetres);
  }
}

/**
 * @param {number} value
 * @param {number} low
 * @param {number} high
 */
function clamp(value, low, high) {
  return Math.min(Math.max(value, low), high);
}
